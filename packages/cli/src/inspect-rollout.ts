import type { JsonValue } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { loadDefaultTokenizer, type Tokenizer } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { claudeEntries } from "./claude-entries.js";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import type { Measure } from "./history-totals.js";
import { InspectionState } from "./inspection-state.js";
import { type KindTotal, orderKindTotals } from "./kind-total.js";
import {
  codexEntries,
  ctxEntries,
  detectRolloutFormat,
  type ReportedUsage,
  type RolloutFormat,
  type SessionFacts,
} from "./rollout-entry.js";
import { readRolloutLines } from "./rollout-lines.js";

/** Who wrote an item: the user, the agent (an injected fragment), the model, or a tool. */
export type ItemCategory = "user" | "injected" | "model" | "tool" | "other";

/** One item of the history (one text of a message), classified. */
export interface InspectedItem {
  /** The rollout line it was read from, from 1. */
  readonly line: number;
  /** The turn it belongs to, from 1; 0 before the first turn. */
  readonly turn: number;
  readonly category: ItemCategory;
  /** The fragment kind, `user_intent`, or the item type such as `function_call`. */
  readonly kind: string;
  readonly bytes: number;
  /** The tokens of its text; 0 when it is opaque. */
  readonly tokens: number;
  /** Set when the item is encrypted content: bytes the provider reads, no text to count. */
  readonly opaque?: true;
  /** Set when its tokens are estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated?: true;
}

/** Something that changed what later requests send. */
export interface InspectedEvent {
  readonly line: number;
  readonly turn: number;
  readonly type: "fork" | "compaction" | "rollback" | "aborted" | "cache-break";
  readonly detail: string;
}

/** One model request: the history it sent, summed by kind, and what the provider reported. */
export interface InspectedRequest {
  readonly index: number;
  readonly line: number;
  readonly turn: number;
  /** The tokens of the base instructions and the history sent, as the rollout holds them. */
  readonly tokens: number;
  /** Set when some of those tokens are estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated?: true;
  /** Bytes sent, by kind, in the order the kinds first appear. */
  readonly bytesByKind: Readonly<Record<string, number>>;
  /** Tokens sent, by kind, in the same order. */
  readonly tokensByKind: Readonly<Record<string, number>>;
  readonly categoryOf: Readonly<Record<string, ItemCategory>>;
  /** Why the prompt cache could not reuse the previous request's prefix, if it could not. */
  readonly cacheBreak?: string;
  /**
   * The provider's own count for the request (Codex's `token_count`, @ctx's `reported_usage`),
   * which also counts what the rollout does not hold, such as the tool definitions.
   */
  readonly reported?: ReportedUsage;
}

/** Who the session is, as the rollout says, with every model it used (up to 16). */
export interface InspectedSession extends SessionFacts {
  readonly models: readonly string[];
}

/** What `ctx inspect` found in a rollout: totals, and the requests and events up to the limits. */
export interface RolloutInspection {
  readonly path: string;
  readonly format: RolloutFormat;
  readonly session: InspectedSession;
  /** The tokenizer every token figure is counted with (`o200k_base`). */
  readonly tokenizer: string;
  /** The texts whose tokens were estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated: { readonly items: number; readonly bytes: number };
  /** The base instructions' size, sent with every request, when the rollout recorded them. */
  readonly instructions?: Measure;
  /**
   * The provider's reported usage summed over the requests of the rollout (a report before the
   * first request, such as a fork's parent's, is left out), with how many reports it sums.
   */
  readonly reported?: ReportedUsage & { readonly reports: number };
  readonly lines: number;
  readonly turns: number;
  /** How many items the rollout holds. */
  readonly items: number;
  /** Every kind's item count and bytes, by category, then by size. */
  readonly totals: readonly KindTotal[];
  /** How many model requests were made. */
  readonly requestCount: number;
  /** The tokens every request sent, summed, kept or not. */
  readonly requestTokens: number;
  /** The first requests, up to the request limit. */
  readonly requests: readonly InspectedRequest[];
  /** How many events happened. */
  readonly eventCount: number;
  /** The first events, up to the event limit. */
  readonly events: readonly InspectedEvent[];
  readonly warnings: readonly CtxWarning[];
}

/** Options of {@link inspectRollout}. */
export interface InspectOptions {
  /** Called now and then with how far the reading got. */
  readonly progress?: (message: string) => void;
  /** Called with every item, in order, once it is classified; the reading waits for it. */
  readonly onItem?: (item: InspectedItem) => void | Promise<void>;
  /** How many requests to keep, for the timeline; the rest are counted. */
  readonly requestLimit?: number;
  /** How many events to keep; the rest are counted. */
  readonly eventLimit?: number;
  /** How many of the newest user turns a rollback can take off the history. */
  readonly rollbackWindow?: number;
  /** The longest line read, in bytes; a longer one is skipped with a warning. Default 64 MiB. */
  readonly maxLineBytes?: number;
  /** How many bytes of text are counted with the tokenizer; the rest at bytes / 4. Default 64 MiB. */
  readonly tokenizeLimit?: number;
  /** The tokenizer; o200k_base by default, as `ctx context` and `ctx diff` count. */
  readonly tokenizer?: Tokenizer;
}

/** The default of {@link InspectOptions.maxLineBytes} and {@link InspectOptions.tokenizeLimit}. */
export const defaultInspectLimit = 64 * 1024 * 1024;
/** How many over-long lines are named one by one; the rest are counted in one warning. */
const namedLongLines = 10;

/**
 * Reads the rollout at `path` as a stream and classifies every item the model was sent or
 * produced; a request starts wherever the model speaks after anything else. Who wrote a user
 * message comes from the rollout: the origin @ctx's store records beside each item, or Codex's
 * `user_message` records of what the user typed (paired by `createTypedMessageMatcher` of
 * `@ctx/session`), so a pasted `<environment_context>` stays the user's; only a rollout with
 * neither is read by its markers. Turns are the rollout's own (Codex's turn ids, @ctx's turn
 * records), or, where Codex wrote none, one per message the user typed. Tokens are counted with
 * `options.tokenizer` (o200k_base) up to `tokenizeLimit` bytes of text, then estimated; encrypted
 * content is opaque bytes, never counted as text. Memory stays bounded for any rollout: it holds
 * one line of at most `maxLineBytes` at a time (a longer one is skipped with a warning naming
 * it), sums by kind, the first requests and events up to their limits, and the history as sums
 * per user turn; items go to `onItem` rather than into the result.
 *
 * A Claude Code transcript is read the same way ({@link claudeEntries}): its records say who
 * wrote each text, its message ids group a message's lines into one request, and a line that
 * does not fit is skipped with a warning.
 *
 * @throws {CliError} `failure` when the file cannot be read, or is not a session of any of the
 * three formats (its first line is not JSON, or not a session's), or an option is out of range.
 */
export async function inspectRollout(
  path: string,
  options: InspectOptions = {},
): Promise<RolloutInspection> {
  const {
    progress = () => {},
    onItem,
    requestLimit = 2000,
    eventLimit = 10_000,
    rollbackWindow = 10_000,
    maxLineBytes = defaultInspectLimit,
    tokenizeLimit = defaultInspectLimit,
  } = options;
  for (const [name, limit] of Object.entries({ requestLimit, eventLimit, rollbackWindow })) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new CliError("failure", `${name} must be a positive integer, not ${limit}`);
    }
  }
  for (const [name, limit] of Object.entries({ maxLineBytes, tokenizeLimit })) {
    if (!Number.isSafeInteger(limit) || limit < 0) {
      throw new CliError("failure", `${name} must be a whole number of bytes, not ${limit}`);
    }
  }
  const tokenizer = options.tokenizer ?? (await loadDefaultTokenizer());
  const state = new InspectionState(createStandardRegistry(), {
    requestLimit,
    eventLimit,
    rollbackWindow,
    keepItems: onItem !== undefined,
    tokenizer,
    tokenizeLimit,
  });
  const warnings: CtxWarning[] = [];
  let format: RolloutFormat | undefined;
  let lineNumber = 0;
  let unreadable = 0;
  let longLines = 0;
  try {
    for await (const line of readRolloutLines(path, maxLineBytes)) {
      lineNumber = line.number;
      if (lineNumber % 1000 === 0) progress(`read ${lineNumber} lines`);
      if (line.text === undefined) {
        longLines += 1;
        if (longLines <= namedLongLines) {
          warnings.push({
            code: "line-too-long",
            message: `line ${line.number} is ${line.bytes} bytes, over the ${maxLineBytes}-byte limit, and was skipped`,
          });
        }
        continue;
      }
      if (line.text.trim() === "") continue;
      let value: JsonValue;
      try {
        value = JSON.parse(line.text) as JsonValue;
      } catch {
        if (format === undefined) {
          throw new CliError(
            "failure",
            `${path} is not a Codex, Claude Code or @ctx session: line ${lineNumber} is not JSON`,
          );
        }
        unreadable += 1;
        continue;
      }
      format ??= detectRolloutFormat(value);
      if (format === undefined) {
        throw new CliError(
          "failure",
          `${path} is not a Codex, Claude Code or @ctx session (line ${lineNumber})`,
        );
      }
      const entries =
        format === "codex"
          ? codexEntries(value)
          : format === "claude"
            ? claudeEntries(value)
            : ctxEntries(value);
      for (const entry of entries) state.apply(entry, lineNumber);
      if (onItem !== undefined) {
        for (const item of state.takeItems()) await onItem(item);
      }
    }
    state.finish();
    if (onItem !== undefined) {
      for (const item of state.takeItems()) await onItem(item);
    }
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    throw fileFailure(error, path, "read");
  }
  if (format === undefined) {
    const reason = longLines > 0 ? "holds no line short enough to read" : "is empty";
    throw new CliError("failure", `${path} ${reason}`);
  }
  warnings.push(...state.warnings);
  if (longLines > namedLongLines) {
    warnings.push({
      code: "lines-too-long",
      message: `${longLines - namedLongLines} more line(s) over the ${maxLineBytes}-byte limit were skipped`,
    });
  }
  if (state.estimated.items > 0) {
    warnings.push({
      code: "tokens-estimated",
      message: `${state.estimated.items} text(s) (${state.estimated.bytes} bytes) past the first ${tokenizeLimit} bytes of text were counted at bytes / 4, not with ${tokenizer.name}: their figures are marked ~`,
    });
  }
  if (unreadable > 0) {
    warnings.push({
      code: "unreadable-lines",
      message: `${unreadable} line(s) are not JSON and were skipped`,
    });
  }
  if (state.eventCount > state.events.length) {
    warnings.push({
      code: "events-left-out",
      message: `only the first ${state.events.length} of ${state.eventCount} events are listed`,
    });
  }
  const totals = orderKindTotals(state.totals.values());
  const instructions = state.instructionsSize;
  return {
    path,
    format,
    session: { ...state.facts, models: state.models },
    tokenizer: tokenizer.name,
    estimated: { ...state.estimated },
    ...(instructions === undefined
      ? {}
      : { instructions: { bytes: instructions.bytes, tokens: instructions.tokens } }),
    ...(state.reported === undefined ? {} : { reported: state.reported }),
    lines: lineNumber,
    turns: state.turn,
    items: totals.reduce((sum, total) => sum + total.items, 0),
    totals,
    requestCount: state.requestCount,
    requestTokens: state.requestTokens,
    requests: state.requests,
    eventCount: state.eventCount,
    events: state.events,
    warnings,
  };
}
