import { trimmedEnd, trimmedStart } from "@ctx/text";
import { defineLegacyFragment, type LegacyFragment } from "../legacy-fragment.js";
import { standardMarkers, wrapperMarkers } from "./markers.js";

/**
 * The fixed openings of texts Codex 0.169 and 0.171 send without markers. They are protocol, as
 * markers are: a history Codex wrote is read by them; @ctx never renders them.
 */
const codexOpenings = {
  compactionPrompt:
    "You are performing a CONTEXT CHECKPOINT COMPACTION. Create a handoff summary for another LLM that will resume the task.",
  summaryPrefix:
    "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:",
  rootAgentRole:
    "You are `/root`, the primary agent in a team of agents collaborating to fulfill the user's goals.",
  subagentRole: "You are an agent in a team of agents collaborating to ",
  incrementalTools:
    "This is an incremental tools update. Previously declared tools remain available for direct calls unless explicitly marked unavailable.",
  removedNamespaces:
    "The following namespaces are no longer available. Do not call tools in them unless those tools are declared in a later update:",
  stalePermissions: "The previous permission description for this scope is no longer current.",
} as const;

/**
 * The boundary Codex 0.171 sends as a user message after the history a side conversation
 * inherits from its parent thread, without markers: its heading and first paragraph, and the
 * sentence that ends its last paragraph. Codex's text is seven one-line paragraphs, 1,435
 * characters; a text beyond these limits is not it.
 */
const sideConversationBoundary = {
  opening:
    "Side conversation boundary.\n\nEverything before this boundary is inherited history from the parent thread. It is reference context only. It is not your current task.\n\n",
  closing:
    "If the user explicitly requests a mutation, keep it minimal, local to the request, and avoid disrupting the main thread.",
  maxParagraphs: 7,
  maxLength: 2048,
} as const;

/** The blocks a user message of a session imported from Cursor is made of. */
const importedWrappers = [
  wrapperMarkers.timestamp,
  wrapperMarkers.cursorCommands,
  wrapperMarkers.userQuery,
] as const;

/** The text between its white space, as Codex's own matchers see it (case-sensitive). */
function trimmed(text: string): string {
  return text.slice(trimmedStart(text), trimmedEnd(text));
}

/** A text that is `opening` exactly, or `opening` and then more after a line break or a space. */
function opensWith(
  opening: string,
  then: "line" | "anything" | "nothing",
): (text: string) => boolean {
  return (text) => {
    const body = trimmed(text);
    if (!body.startsWith(opening)) return false;
    if (then === "anything") return true;
    if (body.length === opening.length) return true;
    return then === "line" && (body[opening.length] === "\n" || body[opening.length] === " ");
  };
}

/**
 * Whether `text` is Codex's side-conversation boundary as a whole: trimmed, at most `maxLength`
 * characters, it opens with the boundary's heading and first paragraph, ends with its last
 * sentence, and is at most `maxParagraphs` paragraphs of one line each. A person's question
 * before, after or inside a quoted boundary breaks one of these, so the message stays theirs.
 */
function isSideConversationBoundary(text: string): boolean {
  const { opening, closing, maxParagraphs, maxLength } = sideConversationBoundary;
  const from = trimmedStart(text);
  const to = trimmedEnd(text);
  if (to - from > maxLength) return false;
  const body = text.slice(from, to);
  const paragraphs = body.split("\n\n");
  return (
    body.startsWith(opening) &&
    body.endsWith(closing) &&
    paragraphs.length <= maxParagraphs &&
    paragraphs.every((paragraph) => paragraph !== "" && !paragraph.includes("\n"))
  );
}

/** One id line of `<context_window>`'s body, as Codex 0.169 and 0.171 label them. */
const contextWindowLine =
  /^(?:Agent name|Thread id|First context window id|Current context window id|Previous context window id): [^\n]+$/;

/**
 * Whether `text` is the body of `<context_window>` sent as a text of its own: trimmed, three to
 * five lines, each an id line Codex writes, the first and current window among them.
 */
function isContextWindowBody(text: string): boolean {
  const from = trimmedStart(text);
  const to = trimmedEnd(text);
  if (to - from > 1024) return false;
  const lines = text.slice(from, to).split("\n");
  return (
    lines.length >= 3 &&
    lines.length <= 5 &&
    lines.every((line) => contextWindowLine.test(line)) &&
    lines.some((line) => line.startsWith("First context window id: ")) &&
    lines.some((line) => line.startsWith("Current context window id: "))
  );
}

/**
 * Recognisers for what Codex sends that has no markers of ours to match, each by a whole
 * structure ordinary text does not have: Codex's compaction prompt (user role, its opening
 * sentence and a line break after it); Codex's summary after a compaction (user role, its prefix
 * paragraph and a line break, then the summary); the multi-agent role text Codex re-sends without its tag
 * on a model switch (developer role, the root agent's or a sub-agent's opening); the incremental
 * tools notice and the notice of namespaces no longer available (developer role, their opening
 * sentences); the notice that an earlier permission description is no longer current (developer
 * role, that sentence alone); `<context_window>` sent as three texts, whose first and last
 * are a lone marker, and whose middle is its id lines (`context_window_body`); and the boundary Codex sends after a side conversation's inherited history
 * (user role, as the binary sends it: its heading and first paragraph, its last sentence, at most
 * seven one-line paragraphs). Detection only: they never render.
 *
 * And the wrappers of a person's own words that Codex 0.171 can pass on, recognised as protocol
 * but kept the user's (`userWords`): a desktop client's answers to the agent's queued questions
 * (`<send_user_message_question_reply>`, user role), and a user message of a session imported
 * from Cursor that Codex's importer left wrapped (a text made of `<timestamp>`,
 * `<cursor_commands>` and `<user_query>` blocks, user role); and the agent message that ends an
 * imported session (the text `<EXTERNAL SESSION IMPORTED>` alone, assistant role).
 */
export const codexRecognisers: readonly LegacyFragment[] = Object.freeze([
  defineLegacyFragment({
    type: "codex_compaction_prompt",
    role: "user",
    prefix: codexOpenings.compactionPrompt,
    matches: opensWith(codexOpenings.compactionPrompt, "line"),
  }),
  defineLegacyFragment({
    type: "codex_compaction_summary",
    role: "user",
    prefix: codexOpenings.summaryPrefix,
    matches: (text) =>
      text.slice(trimmedStart(text)).startsWith(`${codexOpenings.summaryPrefix}\n`),
  }),
  defineLegacyFragment({
    type: "codex_root_agent_role",
    role: "developer",
    prefix: codexOpenings.rootAgentRole,
    matches: opensWith(codexOpenings.rootAgentRole, "line"),
  }),
  defineLegacyFragment({
    type: "codex_subagent_role",
    role: "developer",
    prefix: codexOpenings.subagentRole,
    matches: opensWith(codexOpenings.subagentRole, "anything"),
  }),
  defineLegacyFragment({
    type: "codex_incremental_tools",
    role: "developer",
    prefix: codexOpenings.incrementalTools,
    matches: opensWith(codexOpenings.incrementalTools, "line"),
  }),
  defineLegacyFragment({
    type: "codex_removed_namespaces",
    role: "developer",
    prefix: codexOpenings.removedNamespaces,
    matches: opensWith(codexOpenings.removedNamespaces, "line"),
  }),
  defineLegacyFragment({
    type: "codex_stale_permissions",
    role: "developer",
    prefix: codexOpenings.stalePermissions,
    matches: opensWith(codexOpenings.stalePermissions, "nothing"),
  }),
  ...(["start", "end"] as const).map((side) =>
    defineLegacyFragment({
      type: `context_window_${side}`,
      role: "developer",
      prefix: standardMarkers.contextWindow[side],
      matches: (text) => trimmed(text) === standardMarkers.contextWindow[side],
    }),
  ),
  defineLegacyFragment({
    type: "context_window_body",
    role: "developer",
    matches: isContextWindowBody,
  }),
  defineLegacyFragment({
    type: "codex_side_conversation_boundary",
    role: "user",
    prefix: sideConversationBoundary.opening,
    matches: isSideConversationBoundary,
  }),
  defineLegacyFragment({
    type: "codex_question_reply",
    role: "user",
    userWords: true,
    markers: wrapperMarkers.questionReply,
  }),
  defineLegacyFragment({
    type: "imported_user_query",
    role: "user",
    userWords: true,
    matches: (text) => {
      const body = trimmed(text);
      return (
        importedWrappers.some(({ start }) => body.startsWith(start)) &&
        importedWrappers.some(({ end }) => body.endsWith(end))
      );
    },
  }),
  defineLegacyFragment({
    type: "imported_session_end",
    role: "assistant",
    prefix: wrapperMarkers.importedSessionEnd,
    matches: (text) => trimmed(text) === wrapperMarkers.importedSessionEnd,
  }),
]);
