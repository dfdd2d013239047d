import { relative } from "node:path";
import type { Registry } from "@ctx/registry";
import { type CheckResult, compareText, matched } from "./check-result.js";
import type { CtxFirstTurn } from "./ctx-first-turn.js";
import { describeLayout, type ExtraLabel, type LayoutItem, layoutOf } from "./layout.js";
import { pinMachineValues } from "./pin-machine-values.js";

/**
 * The kinds a scenario asks both sides for (Codex's other sections are not configured by the
 * suite), with the model's answers and, once history is compacted, the compaction prompt and
 * the summary.
 */
const comparedKinds = new Set([
  "model_switch",
  "model_instructions",
  "developer_instructions",
  "skills_instructions",
  "personality_spec",
  "permissions_instructions",
  "agents_md_instructions",
  "environment_context",
  "user_input",
  "kept_user_input",
  "assistant",
  "compaction_prompt",
  "summary",
]);

/** The items other than messages that both sides have: tool calls and their outputs. */
const comparedItemTypes = new Set([
  "function_call",
  "function_call_output",
  "custom_tool_call",
  "custom_tool_call_output",
]);

/** Where the scenario's files and the global ones live, to name discovery sources portably. */
export interface ScenarioPlaces {
  readonly base: string;
  readonly home: string;
}

/**
 * Compares one first turn: that the registry recognises every fragment Codex sent; the roles and order of the compared fragments; the AGENTS.md
 * fragment, the environment context and the developer instructions byte for byte (Codex's
 * shell, date and time zone replaced by the pinned ones); the permissions fragment and the base
 * instructions by structure; and, when the scenario lists them, the discovery sources.
 */
export function compareFirstTurn(options: {
  readonly registry: Registry;
  readonly codexInput: readonly unknown[];
  readonly ours: CtxFirstTurn;
  readonly places: ScenarioPlaces;
  readonly expectedSources: readonly string[] | undefined;
  readonly developerInstructions: string | undefined;
}): CheckResult[] {
  const extraLabel: ExtraLabel = (role, text) =>
    role === "developer" && text === options.developerInstructions
      ? "developer_instructions"
      : undefined;
  const theirs = layoutOf(options.codexInput, options.registry, { extraLabel });
  const ours = layoutOf(options.ours.input, options.registry, { extraLabel, leadingBase: false });
  const results = [
    compareText(
      "recognised",
      "",
      theirs
        .flatMap((item) => item.parts)
        .filter((candidate) => candidate.kind === "unrecognised")
        .map((candidate) => candidate.text.trimStart().split("\n")[0])
        .join(", "),
    ),
    compareText("layout", compared(ours).join("\n"), compared(theirs).join("\n")),
    baseInstructions(theirs, options.ours.instructions),
    compareText(
      "agents-md",
      part(ours, "agents_md_instructions"),
      part(theirs, "agents_md_instructions"),
    ),
    compareText(
      "environment-context",
      part(ours, "environment_context"),
      pinMachineValues(part(theirs, "environment_context")),
    ),
    compareText(
      "developer-instructions",
      part(ours, "developer_instructions"),
      part(theirs, "developer_instructions"),
    ),
    compareText(
      "permissions",
      permissionsStructure(part(ours, "permissions_instructions"), options.places.base),
      permissionsStructure(part(theirs, "permissions_instructions"), options.places.base),
    ),
    compareText(
      "skills",
      skillsStructure(part(ours, "skills_instructions")),
      skillsStructure(part(theirs, "skills_instructions")),
    ),
  ];
  if (options.expectedSources !== undefined) {
    results.push(
      compareText(
        "sources",
        options.ours.agentsMd
          .sources()
          .map((source) => portable(source, options.places))
          .join(", "),
        options.expectedSources.join(", "),
      ),
    );
  }
  return results;
}

/**
 * `layout` reduced to what both sides are asked for, one line each: the messages with the
 * compared kinds (`role: kind, kind`), and tool calls and outputs (their type).
 */
export function compared(layout: readonly LayoutItem[]): string[] {
  return describeLayout(
    layout
      .filter((item) => item.type === "message" || comparedItemTypes.has(item.type))
      .map((item) => ({
        ...item,
        parts: item.parts.filter((part) => comparedKinds.has(part.kind)),
      }))
      .filter((item) => item.type !== "message" || item.parts.length > 0),
  );
}

/** The text of the first part of `kind` in `layout`. */
export function part(layout: readonly LayoutItem[], kind: string): string | undefined {
  return layout.flatMap((item) => item.parts).find((candidate) => candidate.kind === kind)?.text;
}

/** Base instructions are prose: both sides must have some; Codex's travel in `input`, ours in `instructions`. */
function baseInstructions(theirs: readonly LayoutItem[], ours: string): CheckResult {
  const codex = part(theirs, "base_instructions");
  if (ours.trim() === "")
    return compareText("base-instructions", "(none)", codex === undefined ? "(none)" : "(present)");
  return codex === undefined || codex.trim() !== ""
    ? matched("base-instructions")
    : compareText("base-instructions", "(present)", "(empty)");
}

/**
 * The permissions fragment reduced to what is not prose: its markers and surrounding newlines,
 * and the paths it names among the scenario's folders and `/tmp` (the writable roots), sorted.
 */
export function permissionsStructure(text: string | undefined, base: string): string | undefined {
  if (text === undefined) return undefined;
  const open = "<permissions instructions>\n";
  const close = "\n</permissions instructions>";
  const paths = [...text.matchAll(/`(\/[^`]*)`/g)]
    .map((match) => match[1] ?? "")
    .filter((path) => path === "/tmp" || path.startsWith(`${base}/`) || path === base)
    .sort();
  return JSON.stringify({
    opens: text.startsWith(open),
    closes: text.endsWith(close),
    paths: [...new Set(paths)],
  });
}

/**
 * The skills catalogue with its one sentence of prose, the introduction after `## Skills`,
 * replaced by a placeholder: the markers, the headings, the table of skill roots and the list of
 * skills stay, to be compared byte for byte. A catalogue that lists no skill (sent when the last
 * one went) is a notice in prose between the markers: a placeholder says so.
 */
export function skillsStructure(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!text.includes("\n### Available skills\n"))
    return text.replace(
      /^(<skills_instructions>\n)[\s\S]*(<\/skills_instructions>)$/,
      "$1(none available)\n$2",
    );
  return text.replace(/^(<skills_instructions>\n## Skills\n)[^\n]*/, "$1(introduction)");
}

function portable(source: string, places: ScenarioPlaces): string {
  const inHome = relative(places.home, source);
  if (!inHome.startsWith("..")) return `$CODEX_HOME/${inHome}`;
  return relative(places.base, source);
}
