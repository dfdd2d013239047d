import type { ResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { CompactionReport } from "@ctx/session";
import { type CheckResult, compareText } from "./check-result.js";
import {
  compared,
  compareFirstTurn,
  part,
  permissionsStructure,
  type ScenarioPlaces,
  skillsStructure,
} from "./compare-first-turn.js";
import type { CtxTurnState } from "./ctx-turn-state.js";
import { type ExtraLabel, type LayoutItem, layoutOf } from "./layout.js";
import { pinMachineValues } from "./pin-machine-values.js";
import { userMessages } from "./user-messages.js";

/** One request of a multi-turn scenario, with the turn it belongs to. */
export interface TurnRequest {
  readonly turn: number;
  readonly input: readonly unknown[];
  /** Whether this request asked for a compaction summary. */
  readonly compaction: boolean;
}

/** One request @ctx made: one the session returned (with the compaction it reports), or the one its summarizer got. */
export interface CtxRequest extends TurnRequest {
  readonly input: readonly ResponseItem[];
  readonly instructions: string;
  readonly report?: CompactionReport | undefined;
}

/**
 * Compares the turns of one scenario as Codex sent them and as `@ctx/session` returned them.
 * The first turn as a first-turn scenario is compared (checks named `turn-1-…`). Each later
 * turn N by where it compacts (`turn-N-compaction`: before the turn, inside it, or not at all)
 * and by what its first request adds after the previous prompt: the layout of the compared
 * fragments (`turn-N-layout`: kinds, roles, order), the AGENTS.md fragment byte for byte but for
 * its notice line (prose), the environment context byte for byte (shell, date and time zone
 * pinned), the permissions by structure, and whether the request begins with the previous one
 * (`turn-N-extends-previous`); whether the turn's request (after a compaction, the one that
 * follows it) keeps the previous request's base instructions (`turn-N-base-instructions-kept`). When both sides compact at the same point, the compaction
 * request by structure (`turn-N-compaction-request`: the history, then the compaction prompt as
 * a user message) and the request after it in full (`turn-N-compacted-…`: the re-injected
 * context, the kept user messages, the summary, the new prompt) take the place of what a
 * compacted turn no longer adds; when only one side compacts, whether each sends a model switch.
 */
export function compareLaterTurns(options: {
  readonly registry: Registry;
  readonly extraLabel: ExtraLabel;
  readonly prompts: readonly string[];
  readonly requests: readonly TurnRequest[];
  readonly states: readonly CtxTurnState[];
  readonly ours: readonly CtxRequest[];
  readonly places: ScenarioPlaces;
  readonly developerInstructions: string | undefined;
}): CheckResult[] {
  const { registry, extraLabel, places } = options;
  const results: CheckResult[] = [];
  const codexFirst = options.requests.find((request) => request.turn === 0);
  const oursFirst = options.ours.find((request) => request.turn === 0 && !request.compaction);
  const stateFirst = options.states[0];
  if (codexFirst !== undefined && oursFirst !== undefined && stateFirst !== undefined) {
    results.push(
      ...compareFirstTurn({
        registry,
        codexInput: codexFirst.input,
        ours: { ...oursFirst, agentsMd: stateFirst.agentsMd },
        places,
        expectedSources: undefined,
        developerInstructions: options.developerInstructions,
      }).map((check) => ({ ...check, check: `turn-1-${check.check}` })),
    );
  }
  const theirLayout = (input: readonly unknown[]) => layoutOf(input, registry, { extraLabel });
  const ourLayout = (input: readonly unknown[]) =>
    layoutOf(input, registry, { extraLabel, leadingBase: false });
  for (let turn = 1; turn < options.states.length; turn += 1) {
    const name = `turn-${turn + 1}`;
    const theirs = options.requests.filter((request) => request.turn === turn);
    const ours = options.ours.filter((request) => request.turn === turn);
    const codexPrevious = options.requests.findLast((request) => request.turn === turn - 1);
    const oursPrevious = options.ours.findLast(
      (request) => request.turn === turn - 1 && !request.compaction,
    );
    const theirFirst = theirs.find((request) => !request.compaction);
    const ourFirst = ours.find((request) => !request.compaction);
    if (
      theirFirst === undefined ||
      ourFirst === undefined ||
      codexPrevious === undefined ||
      oursPrevious === undefined
    )
      continue;
    const theirCompaction = codexCompaction(theirs);
    const ourCompaction = ctxCompaction(ours);
    results.push(compareText(`${name}-compaction`, ourCompaction, theirCompaction));
    if (ourCompaction !== theirCompaction) {
      // One side compacted: its request starts afresh, so only the model switch compares.
      const switched = (layout: readonly LayoutItem[]) =>
        String(
          part(layout, "model_switch") !== undefined ||
            part(layout, "model_instructions") !== undefined,
        );
      results.push(
        compareText(
          `${name}-model-switch`,
          switched(ourLayout(ourFirst.input)),
          switched(theirLayout(afterCompaction(theirs)?.input ?? theirFirst.input)),
        ),
      );
      continue;
    }
    if (theirCompaction !== "pre-turn") {
      const previousPrompt = options.prompts[turn - 1] ?? "";
      results.push(
        ...compareFragments(
          name,
          added(ourLayout(ourFirst.input), previousPrompt),
          added(theirLayout(theirFirst.input), previousPrompt),
          { base: places.base, agentsMd: agentsMdUpdateStructure },
        ),
      );
    }
    const theirLast = afterCompaction(theirs) ?? theirFirst;
    const ourLast = afterCompaction(ours) ?? ourFirst;
    results.push(
      compareText(
        `${name}-base-instructions-kept`,
        String(ourLast.instructions === oursPrevious.instructions),
        String(
          part(theirLayout(theirLast.input), "base_instructions") ===
            part(theirLayout(codexPrevious.input), "base_instructions"),
        ),
      ),
    );
    results.push(
      compareText(
        `${name}-extends-previous`,
        String(extendsPrevious(ourFirst.input, oursPrevious.input)),
        String(extendsPrevious(theirFirst.input, codexPrevious.input)),
      ),
    );
    if (theirCompaction === "none") continue;
    const ourRequest = ours.find((request) => request.compaction);
    const theirRequest = theirs.find((request) => request.compaction);
    results.push(
      compareText(
        `${name}-compaction-request`,
        compactionRequestStructure(
          ourLayout(ourRequest?.input ?? []),
          (ourRequest?.instructions ?? "").trim() !== "",
        ),
        compactionRequestStructure(theirLayout(theirRequest?.input ?? []), undefined),
      ),
      ...compareFragments(
        `${name}-compacted`,
        ourLayout(afterCompaction(ours)?.input ?? []),
        theirLayout(afterCompaction(theirs)?.input ?? []),
        { base: places.base, agentsMd: (text) => text },
      ),
      compareText(
        `${name}-compacted-user-messages`,
        userMessages(ourLayout(afterCompaction(ours)?.input ?? [])),
        userMessages(theirLayout(afterCompaction(theirs)?.input ?? [])),
      ),
    );
  }
  return results;
}

/**
 * The checks of the compared fragments of one request (or of what it adds): `{name}-layout`,
 * `{name}-agents-md` (byte for byte after `agentsMd`), `{name}-environment-context` (byte for
 * byte, pinned values put into Codex's), `{name}-permissions` (by structure), `{name}-skills`
 * (byte for byte but for its introduction, prose).
 */
function compareFragments(
  name: string,
  mine: readonly LayoutItem[],
  theirs: readonly LayoutItem[],
  options: {
    readonly base: string;
    readonly agentsMd: (text: string | undefined) => string | undefined;
  },
): CheckResult[] {
  return [
    compareText(`${name}-layout`, compared(mine).join("\n"), compared(theirs).join("\n")),
    compareText(
      `${name}-agents-md`,
      options.agentsMd(part(mine, "agents_md_instructions")),
      options.agentsMd(part(theirs, "agents_md_instructions")),
    ),
    compareText(
      `${name}-environment-context`,
      part(mine, "environment_context"),
      pinMachineValues(part(theirs, "environment_context")),
    ),
    compareText(
      `${name}-permissions`,
      permissionsStructure(part(mine, "permissions_instructions"), options.base),
      permissionsStructure(part(theirs, "permissions_instructions"), options.base),
    ),
    compareText(
      `${name}-skills`,
      skillsStructure(part(mine, "skills_instructions")),
      skillsStructure(part(theirs, "skills_instructions")),
    ),
  ];
}

/** Where a turn's requests put Codex's compaction: before the turn's first request, after it, or nowhere. */
function codexCompaction(requests: readonly TurnRequest[]): string {
  const index = requests.findIndex((request) => request.compaction);
  return index === -1 ? "none" : index === 0 ? "pre-turn" : "mid-turn";
}

/** Where the session says it compacted in a turn: the report of the request that follows. */
function ctxCompaction(requests: readonly CtxRequest[]): string {
  const trigger = requests.find((request) => request.report !== undefined)?.report?.trigger;
  return trigger === undefined ? "none" : trigger === "mid-turn" ? "mid-turn" : "pre-turn";
}

/** The first request after a compaction request. */
function afterCompaction<Request extends TurnRequest>(
  requests: readonly Request[],
): Request | undefined {
  const index = requests.findIndex((request) => request.compaction);
  return index === -1 ? undefined : requests[index + 1];
}

/**
 * A compaction request reduced to structure: whether it carries base instructions (`instructions`
 * on our side, given as `withBase`; the leading developer message on Codex's), the layout of the
 * compared kinds, the model's answers and tool items, and the compaction prompt; and whether the
 * prompt (prose: ours is ours) ends with a newline, as Codex's does.
 */
function compactionRequestStructure(
  layout: readonly LayoutItem[],
  withBase: boolean | undefined,
): string {
  const prompt = part(layout, "compaction_prompt");
  return [
    `base instructions: ${withBase ?? part(layout, "base_instructions") !== undefined}`,
    ...compared(layout),
    `compaction prompt ends with a newline: ${prompt?.endsWith("\n") ?? "(no prompt)"}`,
  ].join("\n");
}

/** The context messages after the one holding the previous turn's prompt, without the model's answer or the new prompt. */
function added(layout: readonly LayoutItem[], previousPrompt: string): LayoutItem[] {
  const index = layout.findLastIndex((item) =>
    item.parts.some((candidate) => candidate.text === previousPrompt),
  );
  return layout
    .slice(index + 1)
    .filter((item) => item.role !== "assistant")
    .map((item) => ({
      ...item,
      parts: item.parts.filter((candidate) => candidate.kind !== "user_input"),
    }))
    .filter((item) => item.parts.length > 0);
}

/**
 * An AGENTS.md fragment sent again on a later turn, with the notice that opens its instructions
 * (the earlier blocks are replaced, or no longer apply) reduced to a placeholder: the notice is
 * prose, ours by design; the heading, the markers and the file text stay byte for byte.
 */
function agentsMdUpdateStructure(text: string | undefined): string | undefined {
  return text?.replace(/(\n<INSTRUCTIONS>\n)[^\n]*/, "$1(notice)");
}

/**
 * Whether `input` begins with the whole of `previous`, item for item, as the model sees them:
 * an item's `id` names it for the API only (Codex gives the context it injects again after a
 * compaction new ids), so it is left out.
 */
function extendsPrevious(input: readonly unknown[], previous: readonly unknown[]): boolean {
  return (
    input.length > previous.length &&
    previous.every((item, index) => modelVisible(item) === modelVisible(input[index]))
  );
}

/** An item as JSON without its `id`. */
function modelVisible(item: unknown): string {
  if (typeof item !== "object" || item === null) return JSON.stringify(item);
  return JSON.stringify(Object.fromEntries(Object.entries(item).filter(([key]) => key !== "id")));
}
