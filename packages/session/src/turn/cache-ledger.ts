import { cacheMissDollars, type ModelInfo } from "@ctx/prompts";
import type { PromptView } from "../history/prompt-builder.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CacheBreak } from "./cache-break.js";
import type { CacheMissCause, CachePrediction, PredictedCacheBreak } from "./cache-prediction.js";
import { cacheTtlMilliseconds, type RequestSettings } from "./request-settings.js";

/** One request as the ledger compares the next with it. */
export interface LedgerRequest {
  readonly view: PromptView;
  readonly instructions: string;
  readonly model: ModelInfo;
  /** The turn context's `request` slot; `undefined` when the turn gave none. */
  readonly settings: RequestSettings | undefined;
  /** When the request is sent, in milliseconds. */
  readonly at: number;
}

/** What is known of the request before this one when this object did not send it (a resume). */
export interface EarlierRequest {
  readonly view: PromptView | undefined;
  readonly model: string | undefined;
}

interface Sent {
  readonly view: PromptView;
  /** The tokens of the view's items. */
  readonly inputTokens: number;
  readonly model: string;
  /** Absent for a request this object did not send. */
  readonly own?: {
    readonly instructions: string;
    readonly settings: Readonly<Record<SettingCause, string | undefined>>;
    readonly ttl: number;
    readonly at: number;
  };
}

type SettingCause = "tools" | "cache-key" | "reasoning" | "service-tier";

const settingNames: Readonly<Record<SettingCause, string>> = {
  tools: "the tools",
  "cache-key": "the prompt cache key",
  reasoning: "the reasoning settings",
  "service-tier": "the service tier",
};

/**
 * The session's cache ledger: it keeps what each request sent that the provider's cache reads
 * (model, instructions, settings, time, and the token count of the input, grown by what each
 * request adds), and predicts before the next request is sent which causes will keep the cache
 * from reading the previous prefix, with the tokens and money at stake.
 */
export class CacheLedger {
  #last: Sent | undefined;

  /**
   * The prediction for `request`, compared with the last request this ledger saw (or `earlier`
   * when it saw none); `inputBreak` is the session's {@link CacheBreak} for the two inputs and
   * `compacted` whether the history was compacted between them. The request becomes the last.
   */
  predict(
    request: LedgerRequest,
    earlier: EarlierRequest,
    inputBreak: CacheBreak | undefined,
    compacted: boolean,
    counter: TokenCounter,
  ): CachePrediction | undefined {
    const last = this.#last ?? this.#earlier(earlier, counter);
    const current = this.#remember(request, last, counter);
    if (last === undefined) return undefined;
    const breaks: PredictedCacheBreak[] = [];
    const breakAt = inputBreak?.index ?? last.view.length;
    const sharedInput =
      last.inputTokens - tokensFrom(last.view, breakAt, last.inputTokens, counter);
    // What both inputs hold past the break, which the cache would have read had it not parted
    // them: at most the shorter of the two remainders (a compaction's summary, say).
    const lostInput = Math.min(last.inputTokens, current.inputTokens) - sharedInput;
    const add = (cause: CacheMissCause, tokens: number, message: string, index?: number) => {
      breaks.push({
        cause,
        ...(index === undefined ? {} : { index }),
        kinds: index === undefined ? [] : (inputBreak?.kinds ?? []),
        sections: index === undefined ? [] : (inputBreak?.sections ?? []),
        tokens,
        ...priced(request.model, tokens),
        message,
      });
    };
    const own = last.own;
    // Counted only when a cause needs them, once.
    let counted: { readonly instructions: number; readonly tools: number } | undefined;
    const prefix = () => {
      counted ??= {
        instructions: own === undefined ? 0 : counter.tokenizer.count(own.instructions),
        tools: own?.settings.tools === undefined ? 0 : counter.tokenizer.count(own.settings.tools),
      };
      return counted;
    };
    const instructionTokens = () => prefix().instructions;
    const whole = () => prefix().tools + prefix().instructions + sharedInput;
    if (last.model !== current.model) {
      add(
        "model",
        whole(),
        `the model changes from ${last.model} to ${current.model}: the provider caches each model apart`,
      );
    }
    if (own !== undefined && current.own !== undefined) {
      for (const cause of ["tools", "cache-key", "reasoning", "service-tier"] as const) {
        if (own.settings[cause] !== current.own.settings[cause]) {
          add(cause, whole(), `${settingNames[cause]} change: the cached prefix is not read`);
        }
      }
      if (own.instructions !== current.own.instructions) {
        add(
          "instructions",
          instructionTokens() + sharedInput,
          "the base instructions change: nothing after the tools is read from cache",
        );
      }
      const idle = current.own.at - own.at;
      if (idle > own.ttl) {
        add(
          "expired",
          whole(),
          `${Math.round(idle / 60_000)} minutes since the previous request, past the cache's ${Math.round(own.ttl / 60_000)}-minute lifetime`,
        );
      }
    }
    if (inputBreak !== undefined) {
      // Without a compaction the history only grows but for a rollback, so a break is one unless
      // injected context stands on both sides: a fragment that reads otherwise in place.
      const inPlace =
        inputBreak.previousOrigin?.source === "context" &&
        inputBreak.currentOrigin?.source === "context";
      const cause: CacheMissCause = compacted ? "compaction" : inPlace ? "fragment" : "rollback";
      add(cause, lostInput, `${inputCauses[cause]}: ${inputBreak.message}`, inputBreak.index);
    }
    if (breaks.length === 0) return undefined;
    const tokens = Math.max(...breaks.map((loss) => loss.tokens));
    const pricing = request.model.pricing;
    return {
      breaks,
      tokens,
      ...priced(request.model, tokens),
      ...(pricing === undefined ? {} : { pricingSource: pricing.source.url }),
    };
  }

  #earlier({ view, model }: EarlierRequest, counter: TokenCounter): Sent | undefined {
    if (view === undefined || model === undefined) return undefined;
    return { view, model, inputTokens: tokensFrom(view, 0, 0, counter) };
  }

  #remember(request: LedgerRequest, last: Sent | undefined, counter: TokenCounter): Sent {
    const { view, settings } = request;
    const grown = last !== undefined && view.extends(last.view) === true;
    let inputTokens = grown ? last.inputTokens : 0;
    for (let index = grown ? last.view.length : 0; index < view.length; index += 1) {
      const item = view.itemAt(index);
      if (item !== undefined) inputTokens += counter.item(item).tokens;
    }
    const sent: Sent = {
      view,
      inputTokens,
      model: request.model.slug,
      own: {
        instructions: request.instructions,
        settings: {
          tools: json(settings?.tools),
          "cache-key": settings?.promptCacheKey,
          reasoning: json(settings?.reasoning),
          "service-tier": settings?.serviceTier,
        },
        ttl: cacheTtlMilliseconds[settings?.cacheTtl ?? "5m"],
        at: request.at,
      },
    };
    this.#last = sent;
    return sent;
  }
}

const inputCauses: Readonly<Record<"compaction" | "rollback" | "fragment", string>> = {
  compaction: "the history was compacted",
  rollback: "the history was cut or rewritten",
  fragment: "injected context changed",
};

function json(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

/**
 * The tokens of `view`'s items from `start` on, `total` being those of all its items: counted
 * from whichever end is nearer, so a break near the start (a compaction) or the end (a
 * fragment) costs little.
 */
function tokensFrom(view: PromptView, start: number, total: number, counter: TokenCounter): number {
  const fromStart = start * 2 <= view.length && total > 0;
  let tokens = 0;
  for (let index = fromStart ? 0 : start; index < (fromStart ? start : view.length); index += 1) {
    const item = view.itemAt(index);
    if (item !== undefined) tokens += counter.item(item).tokens;
  }
  return fromStart ? total - tokens : tokens;
}

/** What reading `tokens` again costs at `model`'s prices beyond a cache read. */
function priced(model: ModelInfo, tokens: number): { dollars?: number } {
  return model.pricing === undefined ? {} : { dollars: cacheMissDollars(model.pricing, tokens) };
}
