import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { agentsMdInstructions } from "@ctx/registry";
import { z } from "zod";

const nestedAgentsMdSchema = lazySchema(() =>
  z.object({
    /** The folder whose AGENTS.md this is: the instructions apply inside it. */
    directory: z.string().min(1),
    /** The file's instructions, as loaded. */
    text: z.string(),
  }),
);

/** The data of a {@link nestedAgentsMd} fragment. */
export type NestedAgentsMdData = z.infer<typeof nestedAgentsMdSchema>;

/**
 * The AGENTS.md of a folder the agent touched during the session (user role), handed out just in
 * time and recorded after the tool output that touched it. It reads exactly as an AGENTS.md block
 * for that folder (`# AGENTS.md instructions for {directory}`), so a model and a Codex reader take
 * it as one; the session tells it from the turn's own AGENTS.md by the origin it records, never
 * by its text, which is why the kind has no markers and is not in the standard registry (its
 * output is `agents_md_instructions`' by the marker rule). It is not part of the `agents_md`
 * section: the turn's AGENTS.md never supersedes it, and it survives compaction.
 */
export const nestedAgentsMd = defineFragment({
  type: "nested_agents_md",
  role: "user",
  markers: null,
  schema: nestedAgentsMdSchema,
  description: "The AGENTS.md of a folder the agent touched, loaded when it got there.",
  survivesCompaction: true,
  body: ({ directory, text }: NestedAgentsMdData) =>
    agentsMdInstructions.create({ directory, text }).render(),
});
