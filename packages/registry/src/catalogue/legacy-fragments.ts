import { trimmedEnd, trimmedStart } from "@ctx/text";
import { defineLegacyFragment, type LegacyFragment } from "../legacy-fragment.js";
import { legacyMarkers } from "./markers.js";

/** How far into a warning the recognisers read: the first line of an old warning is short. */
const firstLineLimit = 240;

function firstLine(text: string): string {
  const from = trimmedStart(text);
  const newline = text.indexOf("\n", from);
  const to = Math.min(newline === -1 ? text.length : newline, from + firstLineLimit);
  return text.slice(from, to);
}

/**
 * Recognises an old Codex warning by structure, never by its prose: the `Warning: ` prefix and
 * the identifiers or terms the warning is about, in its first line.
 */
function warning(type: string, test: (line: string, text: string) => boolean): LegacyFragment {
  return defineLegacyFragment({
    type,
    role: "user",
    prefix: "Warning: ",
    matches: (text) => test(firstLine(text).toLowerCase(), text),
  });
}

/**
 * Wrappers that older Codex versions wrote into histories and nothing produces any more:
 * `<user_instructions>`, the developer-side `<token_budget>` prefix, the `<goal_context>` that
 * internal model context replaced (matched case-sensitively, as the reference does), and three
 * user-role warnings. Used for detection only.
 */
export const legacyFragments: readonly LegacyFragment[] = Object.freeze([
  defineLegacyFragment({
    type: "user_instructions",
    role: "user",
    markers: legacyMarkers.userInstructions,
  }),
  defineLegacyFragment({
    type: "token_budget",
    role: "developer",
    markers: legacyMarkers.tokenBudget,
    prefixOnly: true,
  }),
  defineLegacyFragment({
    type: "goal_context",
    role: "user",
    prefix: legacyMarkers.goalContext.start,
    matches: (text) => {
      const { start, end } = legacyMarkers.goalContext;
      const first = trimmedStart(text);
      const last = trimmedEnd(text);
      return (
        last - first >= start.length + end.length &&
        text.startsWith(start, first) &&
        text.endsWith(end, last)
      );
    },
  }),
  warning(
    "legacy_apply_patch_exec_warning",
    (line, text) =>
      line.startsWith("warning: apply_patch") && text.endsWith("exec_command.", trimmedEnd(text)),
  ),
  warning(
    "legacy_model_mismatch_warning",
    (line) => line.includes("flagged") && line.includes("high-risk"),
  ),
  warning("legacy_unified_exec_process_limit_warning", (line) =>
    line.includes("unified exec processes"),
  ),
]);
