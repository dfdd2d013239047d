import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const heading = "These tool namespaces are not loaded yet; ask for one when its tools would help:";
const oneLine = /^[^\n\r\v\f\u0085\u2028\u2029]*$/;

const deferredToolsSchema = lazySchema(() =>
  z.object({
    /** The namespaces whose tools the model can ask to load, in the order to show them. */
    namespaces: z
      .array(
        z.object({
          /** The namespace's name: no white space and no colon, so each line reads back. */
          name: z.string().regex(/^[^\s:]+$/, "a name without white space or colons"),
          /** One line on what the namespace's tools do. */
          description: z.string().regex(oneLine, "one line"),
        }),
      )
      .min(1),
  }),
);

/** The data of a {@link deferredTools} fragment. */
export type DeferredToolsData = z.infer<typeof deferredToolsSchema>;

/**
 * The tool namespaces the model can load on demand instead of receiving every tool up front
 * (developer role): one `- name: description` line each under our heading, between `<tools>`
 * markers. Names and descriptions are untrusted (they come from tool servers).
 */
export const deferredTools = defineFragment({
  type: "deferred_tools",
  role: "developer",
  markers: standardMarkers.deferredTools,
  guards: guardedMarkers,
  schema: deferredToolsSchema,
  description: "The tool namespaces the model can ask to load when it needs them.",
  examples: [
    { namespaces: [{ name: "multi_agent_v1", description: "Spawn and manage sub-agents." }] },
  ],
  body: ({ namespaces }, { untrusted }) =>
    `\n${heading}\n${namespaces
      .map(({ name, description }) => `- ${untrusted(name)}: ${untrusted(description)}\n`)
      .join("")}`,
  parse: (body, { restore }) => {
    const lines = body.split("\n");
    if (lines[0] !== "" || lines[1] !== heading || lines.at(-1) !== "") return undefined;
    const namespaces = lines.slice(2, -1).map((line) => {
      const colon = line.indexOf(": ");
      if (!line.startsWith("- ") || colon === -1) return undefined;
      return { name: restore(line.slice(2, colon)), description: restore(line.slice(colon + 2)) };
    });
    const parsed = deferredToolsSchema.safeParse({ namespaces });
    return parsed.success ? parsed.data : undefined;
  },
});
