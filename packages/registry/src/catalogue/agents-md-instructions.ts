import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

/**
 * The label that opens our notices inside an AGENTS.md block. It starts with a guardable
 * character, so a repository's own AGENTS.md can never be mistaken for one of our notices.
 */
const noticeLabel = "(AGENTS.md update)";
const supersedesNotice = `${noticeLabel} These instructions take the place of every AGENTS.md block shown earlier in this conversation; follow only these from now on.`;
const withdrawnNotice = `${noticeLabel} The AGENTS.md instructions shown earlier in this conversation no longer apply, and none are in effect now.`;

const separator = "\n\n<INSTRUCTIONS>\n";

const agentsMdSchema = lazySchema(() =>
  z.union([
    z.object({
      /**
       * The folder the instructions apply to; `null` or omitted when they are global only (what
       * `discoverAgentsMd` reports as `directory: null`). Never empty: the header would name nothing.
       */
      directory: z.string().min(1, "must not be empty; use null for global instructions").nullish(),
      /** The instructions, as loaded (global text, then the project files). */
      text: z.string(),
      /** Whether these instructions replace AGENTS.md blocks shown earlier in the conversation. */
      supersedes: z.boolean().optional(),
    }),
    z.object({
      /** Earlier AGENTS.md blocks no longer apply and nothing replaces them. */
      withdrawn: z.literal(true),
    }),
  ]),
);

/** The data of an {@link agentsMdInstructions} fragment. */
export type AgentsMdInstructionsData = z.infer<typeof agentsMdSchema>;

const agentsMdStateSchema = lazySchema(() =>
  z.object({
    /** The folder named in the header; omitted when several environments or only the global file contributed. */
    directory: z.string().exactOptional(),
    /** The loaded instructions; empty when there are none. */
    text: z.string(),
  }),
);

/** The state the AGENTS.md kind reads: the instructions loaded for this turn. */
export type AgentsMdState = z.infer<typeof agentsMdStateSchema>;

/**
 * The AGENTS.md instructions the model was shown. A history without snapshots that holds an
 * AGENTS.md block makes the reference unknown, so the current text is sent as a replacement.
 */
export const agentsMdSection = defineSection({
  id: "agents_md",
  scope: "world",
  state: agentsMdStateSchema,
  snapshot: agentsMdStateSchema,
  snapshotOf: (state) => state,
  legacy: true,
});

/**
 * The data as the fragment keeps it and `parse` reads it back: a `null` directory and a false
 * `supersedes` render nothing, so they are left out.
 */
function canonical(data: AgentsMdInstructionsData): AgentsMdInstructionsData {
  if ("withdrawn" in data) return data;
  const { directory, supersedes, ...rest } = data;
  return {
    ...(directory == null ? {} : { directory }),
    ...rest,
    ...(supersedes ? { supersedes } : {}),
  };
}

/**
 * A project's AGENTS.md instructions (user role): `# AGENTS.md instructions for {directory}`, a
 * blank line, then the text inside `<INSTRUCTIONS>`. When the instructions changed since the
 * model last saw them, `supersedes` says so in a notice; `withdrawn` tells the model that earlier
 * blocks no longer apply. The text and directory are untrusted: marker sequences in them are
 * neutralised.
 */
export const agentsMdInstructions = defineFragment({
  type: "agents_md_instructions",
  role: "user",
  markers: standardMarkers.agentsMd,
  guards: [...guardedMarkers, noticeLabel],
  schema: lazySchema(() => agentsMdSchema.transform(canonical)),
  description: "The AGENTS.md instructions that apply to the working directory.",
  examples: [
    { directory: "/repo", text: "Run the tests before committing." },
    { text: "Global rule." },
    { directory: "/repo", text: "New rule.", supersedes: true },
    { withdrawn: true },
  ],
  section: agentsMdSection,
  build: (state, reference): AgentsMdInstructionsData | undefined => {
    if (reference.status === "known") {
      const { snapshot } = reference;
      if (snapshot.text === state.text && snapshot.directory === state.directory) return undefined;
    }
    const mayHoldInstructions =
      reference.status === "unknown" ||
      (reference.status === "known" && reference.snapshot.text !== "");
    if (!mayHoldInstructions) return state.text === "" ? undefined : plain(state);
    return state.text === "" ? { withdrawn: true } : { ...plain(state), supersedes: true };
  },
  body: (data, { untrusted }) => {
    if ("withdrawn" in data) return `${separator}${withdrawnNotice}\n`;
    const header = data.directory == null ? "" : ` for ${untrusted(data.directory)}`;
    const text = untrusted(data.text);
    return `${header}${separator}${data.supersedes ? `${supersedesNotice}\n\n${text}` : text}\n`;
  },
  parse: (body, { restore }) => {
    const open = body.indexOf(separator);
    if (open === -1 || !body.endsWith("\n")) return undefined;
    const header = body.slice(0, open);
    const content = body.slice(open + separator.length, -1);
    if (content === withdrawnNotice && header === "") return { withdrawn: true as const };
    if (header !== "" && !header.startsWith(" for ")) return undefined;
    const supersedes = content.startsWith(`${supersedesNotice}\n\n`);
    const text = restore(supersedes ? content.slice(supersedesNotice.length + 2) : content);
    return {
      ...(header === "" ? {} : { directory: restore(header.slice(" for ".length)) }),
      text,
      ...(supersedes ? { supersedes: true } : {}),
    };
  },
});

function plain(state: AgentsMdState): { directory?: string; text: string } {
  return {
    ...(state.directory === undefined ? {} : { directory: state.directory }),
    text: state.text,
  };
}
