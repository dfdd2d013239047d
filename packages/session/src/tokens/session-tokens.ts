import { type CtxWarning, compareCodePoints } from "@ctx/text";
import type { HistoryEntry } from "../history/origin.js";
import type { PromptView } from "../history/prompt-builder.js";
import type { SessionState } from "../session-state.js";
import type { ModelLookup } from "../turn/model-lookup.js";
import { approximateTokenizer } from "./approximate-tokenizer.js";
import { loadDefaultTokenizer, loadedDefaultTokenizer } from "./load-default-tokenizer.js";
import { TokenCounter } from "./token-counter.js";
import { resolveTokenLimits } from "./token-limits.js";
import type { ItemTokens, TokenUsage } from "./token-usage.js";
import type { Tokenizer } from "./tokenizer.js";

/** How many of the largest items a usage report names. */
const largestCount = 10;

/** The sums over the items of one prompt view. */
interface Tally {
  readonly view: PromptView;
  /** How many of the view's items are summed. */
  length: number;
  tokens: number;
  readonly byKind: Map<string, number>;
  /** The largest history items so far, largest first, at most {@link largestCount}. */
  largest: ItemTokens[];
}

/**
 * A session's token accounting: which tokenizer counts, each item counted once, and the sums
 * over the prompt view kept from one report to the next, so a report after a turn costs what the
 * turn added (a view that does not extend the last one, after a rollback say, is summed again
 * from the kept counts, without the tokenizer).
 */
export class SessionTokens {
  readonly #own: Tokenizer | undefined;
  readonly #autoCompactTokenLimit: number | undefined;
  #counter: TokenCounter;
  #tally: Tally | undefined;
  #warned = false;

  constructor(options: {
    readonly tokenizer?: Tokenizer | undefined;
    readonly autoCompactTokenLimit?: number | undefined;
  }) {
    this.#own = options.tokenizer;
    this.#autoCompactTokenLimit = options.autoCompactTokenLimit;
    this.#counter = new TokenCounter(this.#tokenizer());
  }

  /**
   * Loads the default tokenizer unless the session has its own. A failure leaves the estimate in
   * place and is returned as a warning, once per session.
   */
  async ready(): Promise<CtxWarning[]> {
    if (this.#own !== undefined) return [];
    try {
      await loadDefaultTokenizer();
      return [];
    } catch (error) {
      if (this.#warned) return [];
      this.#warned = true;
      return [
        {
          code: "tokenizer-unavailable",
          message: `the o200k_base tokenizer could not be loaded (${String(error)}); token counts are the bytes/4 estimate`,
        },
      ];
    }
  }

  /**
   * The usage of the request `state` would send next, with images when `imageInput` (whether the
   * turn's model takes them: the view is made as its request is); see {@link TokenUsage}.
   */
  usage(state: SessionState, models: ModelLookup, imageInput: boolean): TokenUsage {
    const tokenizer = this.counter.tokenizer;
    const view = state.prompt.view({ imageInput });
    const tally =
      this.#tally !== undefined && view.extends(this.#tally.view) === true
        ? { ...this.#tally, view }
        : { view, length: 0, tokens: 0, byKind: new Map<string, number>(), largest: [] };
    // Kept only once every item is added, so a tokenizer that throws leaves no half-made sums.
    this.#tally = undefined;
    for (; tally.length < view.length; tally.length += 1) this.#add(tally, tally.length);
    this.#tally = tally;

    const instructions =
      state.baseInstructions === undefined ? 0 : this.#counter.text(state.baseInstructions);
    const byKind = new Map(tally.byKind);
    if (instructions > 0)
      byKind.set("instructions", (byKind.get("instructions") ?? 0) + instructions);
    const limits = resolveTokenLimits(
      state.model === undefined ? {} : models.get(state.model),
      this.#autoCompactTokenLimit === undefined
        ? {}
        : { autoCompactTokenLimit: this.#autoCompactTokenLimit },
    );
    const counted = instructions + tally.tokens;
    const report = state.usage;
    return {
      ...(report === undefined
        ? { used: counted, source: "counted" }
        : { used: report.totalTokens + this.#since(view, report.covered), source: "reported" }),
      counted,
      limit: limits.autoCompactLimit,
      window: limits.window,
      usableWindow: limits.usableWindow,
      tokenizer: tokenizer.name,
      byKind: [...byKind]
        .map(([kind, tokens]) => ({ kind, tokens }))
        .sort(
          (left, right) => right.tokens - left.tokens || compareCodePoints(left.kind, right.kind),
        ),
      largestItems: tally.largest.slice(),
    };
  }

  /** The counter of the tokenizer that counts now, each item counted once. */
  get counter(): TokenCounter {
    const tokenizer = this.#tokenizer();
    if (this.#counter.tokenizer !== tokenizer) {
      this.#counter = new TokenCounter(tokenizer);
      this.#tally = undefined;
    }
    return this.#counter;
  }

  /** The tokenizer that counts now: the session's own, else the default once loaded, else bytes/4. */
  get tokenizer(): Tokenizer {
    return this.#tokenizer();
  }

  #tokenizer(): Tokenizer {
    return this.#own ?? loadedDefaultTokenizer() ?? approximateTokenizer;
  }

  /**
   * The tokens of the view's items behind history entries from `covered` on (and of the
   * synthetic outputs among them), walking back from the end, so the cost is what came after
   * the report.
   */
  #since(view: PromptView, covered: number): number {
    let tokens = 0;
    for (let index = view.length - 1; index >= 0; index -= 1) {
      const historyIndex = view.historyIndexAt(index);
      if (historyIndex !== undefined && historyIndex < covered) break;
      const item = view.itemAt(index);
      if (item !== undefined) tokens += this.#counter.item(item).tokens;
    }
    return tokens;
  }

  /** Adds the view's item at `index` to `tally`. */
  #add(tally: Tally, index: number): void {
    const item = tally.view.itemAt(index);
    if (item === undefined) return;
    const counted = this.#counter.item(item);
    tally.tokens += counted.tokens;
    const entry = tally.view.entryAt(index);
    for (const [kind, tokens] of buckets(entry, counted.tokens, counted.parts)) {
      tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + tokens);
    }
    const historyIndex = tally.view.historyIndexAt(index);
    if (entry === undefined || historyIndex === undefined) return;
    const smallest = tally.largest.at(-1);
    if (
      tally.largest.length === largestCount &&
      smallest !== undefined &&
      smallest.tokens >= counted.tokens
    )
      return;
    const place = tally.largest.findIndex((other) => other.tokens < counted.tokens);
    const largest = tally.largest.slice();
    largest.splice(place === -1 ? largest.length : place, 0, {
      index: historyIndex,
      origin: entry.origin,
      tokens: counted.tokens,
    });
    tally.largest = largest.slice(0, largestCount);
  }
}

/** Where an item's tokens go: each fragment of injected context to its kind, else its source. */
function buckets(
  entry: HistoryEntry | undefined,
  tokens: number,
  parts: readonly number[],
): (readonly [string, number])[] {
  // A synthetic output stands for a tool's.
  if (entry === undefined) return [["tool", tokens]];
  const { origin } = entry;
  if (origin.source !== "context") return [[origin.source, tokens]];
  if (origin.kinds.length !== parts.length) return [["context", tokens]];
  return parts.map((part, index) => [origin.kinds[index] ?? "context", part]);
}
