import { trimmedEnd, trimmedStart } from "@ctx/text";
import { defineLegacyFragment, type LegacyFragment } from "../legacy-fragment.js";
import { legacyMarkers } from "./markers.js";

/** Longer than any warning Codex wrote, so a recogniser never reads more than this. */
const maxWarningLength = 1024;

/**
 * A tool or model name as Codex filled it into its warnings: ASCII letters, digits, `_ . -`.
 * Digits are ASCII only, so a fullwidth count is not a count.
 */
const name = "[A-Za-z0-9_.-]+";
const count = "[0-9]+";
const link = "https://[!-~]+";

/**
 * The complete texts old Codex versions wrote, each one whole: fixed wording around the
 * identifiers Codex filled in. Case-sensitive, as Codex's own matchers are, and anchored at both
 * ends, so a person's words before or after a quoted warning keep the message theirs.
 */
const warningPatterns = {
  applyPatch: new RegExp(
    `^Warning: apply_patch was requested via ${name}\\. Use the apply_patch tool instead of exec_command\\.$`,
  ),
  modelMismatch: new RegExp(
    `^Warning: Your account was flagged for potentially high-risk cyber activity(?:\\.| and this request was routed to ${name} as a fallback\\. To regain access to ${name}, apply for trusted access: ${link} or learn more: ${link})$`,
  ),
  processLimit: new RegExp(
    `^Warning: The maximum number of unified exec processes you can keep open is ${count}(?:\\.| and you currently have ${count} processes open\\. Reuse older processes or close them to prevent automatic pruning of old processes)$`,
  ),
} as const;

/**
 * Recognises one old Codex warning by its whole structure: the text, trimmed of white space, must
 * be exactly what Codex wrote. Reads at most {@link maxWarningLength} characters.
 */
function warning(type: string, pattern: RegExp): LegacyFragment {
  return defineLegacyFragment({
    type,
    role: "user",
    prefix: "Warning: ",
    matches: (text) => {
      const from = trimmedStart(text);
      const to = trimmedEnd(text);
      return to - from <= maxWarningLength && pattern.test(text.slice(from, to));
    },
  });
}

/**
 * Wrappers that older Codex versions wrote into histories and nothing produces any more:
 * `<user_instructions>`, the developer-side `<token_budget>`, the `<goal_context>` that internal
 * model context replaced (matched case-sensitively, as the reference does), and three user-role
 * warnings, each recognised only as the whole text Codex wrote. Used for detection only.
 *
 * `<token_budget>` follows the one match rule (both markers). The reference recognises every
 * developer-side wrapper by its start alone; `registry.isContextualDeveloperMessage` keeps
 * that prefix rule for developer messages, so histories classify as Codex classified them.
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
  warning("legacy_apply_patch_exec_warning", warningPatterns.applyPatch),
  warning("legacy_model_mismatch_warning", warningPatterns.modelMismatch),
  warning("legacy_unified_exec_process_limit_warning", warningPatterns.processLimit),
]);
