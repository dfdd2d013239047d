import { defineFragment } from "@ctx/fragments";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const leadIn =
  "The user has asked you to change how you communicate. Every reply from now on should follow the personality described here:";

const personalitySpecSchema = z.object({
  /** The model's message for the chosen personality. */
  personality: z.string().min(1),
});

/** The data of a {@link personalitySpec} fragment. */
export type PersonalitySpecData = z.infer<typeof personalitySpecSchema>;

/**
 * A change of personality (developer role). The body keeps the reference's spacing — a space
 * after the start marker, a space and a newline after the lead-in, a space before the end marker.
 */
export const personalitySpec = defineFragment({
  type: "personality_spec",
  role: "developer",
  markers: standardMarkers.personalitySpec,
  guards: guardedMarkers,
  schema: personalitySpecSchema,
  description: "The personality the user asked the model to adopt.",
  examples: [{ personality: "Be warm and encouraging." }],
  body: ({ personality }, { untrusted }) => ` ${leadIn} \n${untrusted(personality)} `,
  parse: (body, { restore }) => {
    const head = ` ${leadIn} \n`;
    if (!body.startsWith(head) || !body.endsWith(" ") || body.length <= head.length + 1)
      return undefined;
    return { personality: restore(body.slice(head.length, -1)) };
  },
});
