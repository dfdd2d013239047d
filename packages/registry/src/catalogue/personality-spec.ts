import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

const leadIn =
  "The user has asked you to change how you communicate. Every reply from now on should follow the personality described here:";

/**
 * The data of a {@link personalitySpec} fragment: `personality`, the model's message for the
 * chosen personality.
 */
export type PersonalitySpecData = { personality: string };

/**
 * A change of personality (developer role). The body keeps the reference's spacing — a space
 * after the start marker, a space and a newline after the lead-in, a space before the end marker.
 */
export const personalitySpec = defineTextKind({
  type: "personality_spec",
  role: "developer",
  markers: standardMarkers.personalitySpec,
  field: "personality",
  before: ` ${leadIn} \n`,
  after: " ",
  description: "The personality the user asked the model to adopt.",
  example: "Be warm and encouraging.",
});
