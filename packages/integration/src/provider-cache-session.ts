import type { CacheUsage, ProviderCache } from "@ctx/cache-simulator";
import type { ModelInput, ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import {
  approximateTokenizer,
  type CacheMissCause,
  createSession,
  type ModelRequest,
  type RequestSettings,
  resumeSession,
  type Session,
  type SessionOptions,
  type TurnContext,
} from "@ctx/session";

/** What happens to the session before a turn: the causes a cache miss may have. */
export type PlantedCause = "idle-gap" | "compaction" | "resume" | "model-switch" | "tools-change";

/** A long agent session, scripted: what its turns do and what happens between them. */
export interface CacheSessionPlan {
  readonly turns: number;
  /** Tool calls the model makes at once in each turn's first answer. */
  readonly parallelCalls: number;
  /** The turns before which the session compacts (manually, with the fallback summary). */
  readonly compactBefore: readonly number[];
  /** The turn before which the session is resumed from its rollout by a new process. */
  readonly resumeBefore?: number;
  /** The turn from which the session's turns name the provider's second model. */
  readonly switchModelAt?: number;
  /** The turn from which the agent has a third tool. */
  readonly addToolAt?: number;
  /** Minutes of idle time before a turn; half a minute when omitted. */
  readonly idleMinutes: (turn: number) => number;
}

/** One provider as the scripted session meets it. */
export interface CacheSessionProvider {
  /** The first and the second model, as the session's turns and the provider name them. */
  readonly models: readonly [string, string];
  /** The provider's cache, serving each request body. */
  readonly cache: ProviderCache;
  /** The agent's tools of `names` as the provider's request sends them. */
  readonly tools: (names: readonly string[]) => NonNullable<RequestSettings["tools"]>;
  /** The `prompt_cache_key` the adapter sends, for a provider that has one. */
  readonly promptCacheKey?: string;
  /**
   * The request body the adapter maps `request` to for `model`, with `tools`, sent at `at`
   * (milliseconds) with `idleAhead` when the caller expects an idle gap of 5 to 60 minutes after
   * the turn.
   */
  readonly body: (
    request: ModelInput,
    model: string,
    tools: NonNullable<RequestSettings["tools"]>,
    timing: { readonly at: number; readonly idleAhead: boolean },
  ) => Record<string, unknown>;
  /**
   * The cache lifetime a turn's requests get, told to the session in the turn's `request` slot,
   * given the idle minutes expected after the turn; `5m` when omitted.
   */
  readonly cacheTtl?: (idleAfter: number) => NonNullable<RequestSettings["cacheTtl"]>;
  /**
   * The tokens of `body`'s tools and base instructions, as the provider's cache counts them: the
   * prefix a compaction does not change.
   */
  readonly stableTokens: (body: Record<string, unknown>) => number;
  /** Forgets what the adapter kept of the conversation: a resume starts a new process. */
  readonly restart?: () => void;
}

/** One request of the scripted session and what the provider's cache made of it. */
export interface ServedCacheRequest {
  readonly turn: number;
  /** 0 for the turn's first request, 1 for the one after its tool calls. */
  readonly step: number;
  /** What happened before this request that may cost the cache (empty for most requests). */
  readonly planted: readonly PlantedCause[];
  /** Minutes of idle time just before the request (0 for a turn's later requests). */
  readonly idleMinutes: number;
  readonly usage: CacheUsage;
  /** The causes of a miss the session predicted before sending the request (`cachePrediction`). */
  readonly predicted: readonly CacheMissCause[];
  /** The tokens the session predicted at stake (0 without a prediction). */
  readonly predictedTokens: number;
  /** Their price, when the catalog prices the model. */
  readonly predictedDollars: number | undefined;
  /**
   * For a request after a compaction, the tokens of the request's prefix that a compaction
   * leaves as it was: the tools and the base instructions ({@link CacheSessionProvider.stableTokens}).
   */
  readonly stableTokens?: number;
}

/** What the scripted session sent and what the provider's cache made of it. */
export interface CacheSessionRun {
  readonly requests: readonly ServedCacheRequest[];
  /** Each compaction's summary request, in order. */
  readonly summaries: readonly CacheUsage[];
}

const seconds = (count: number): number => count * 1000;

/** Each cache lifetime the session's `request` slot names, in milliseconds. */
const lifetimes: Readonly<Record<NonNullable<RequestSettings["cacheTtl"]>, number>> = {
  "5m": seconds(300),
  "30m": seconds(1800),
  "1h": seconds(3600),
  "12h": seconds(43_200),
  "24h": seconds(86_400),
};

/**
 * Runs `plan` through `@ctx/session` (a memory rollout store, the approximate tokenizer, a clock
 * on the script's time) and the provider's adapter mapping, serving every request to the
 * provider's simulated cache at the time the script reaches it (5 seconds a request, plus each
 * turn's idle time); each compaction's summary request too, through the session's summarizer
 * and the same mapping. Each turn tells the session its tools, cache key and cache lifetime in
 * the turn context's `request` slot, and the adapter the idle gap expected after it. An idle gap
 * is planted only when it outlasts the lifetime of the turn before it. Returns every request with
 * the causes planted before it and those the session predicted.
 */
export async function runCacheSession(
  plan: CacheSessionPlan,
  provider: CacheSessionProvider,
): Promise<CacheSessionRun> {
  const store = createMemoryRolloutStore();
  let now = 0;
  let model = provider.models[0];
  let tools = provider.tools(toolNames);
  let idleAhead = false;
  const summaries: CacheUsage[] = [];
  const options = {
    sessionId: "cache-session",
    tokenizer: approximateTokenizer,
    contextWindow: 10_000_000,
    clock: () => now,
    summarizer: async (request: ModelInput) => {
      summaries.push(
        provider.cache.serve(provider.body(request, model, tools, { at: now, idleAhead }), now),
      );
      return "The work so far: the modules read and the values they export.";
    },
  } satisfies SessionOptions;
  let session: Session = createSession({ ...options, store });
  const served: ServedCacheRequest[] = [];
  let lifetime = lifetimes["5m"];
  for (let turn = 0; turn < plan.turns; turn += 1) {
    const planted: PlantedCause[] = [];
    const idle = plan.idleMinutes(turn);
    now += seconds(idle * 60);
    if (turn > 0 && seconds(idle * 60) > lifetime) planted.push("idle-gap");
    if (plan.compactBefore.includes(turn)) {
      await session.compact();
      planted.push("compaction");
    }
    if (plan.resumeBefore === turn) {
      session = await resumeSession(store, options);
      provider.restart?.();
      planted.push("resume");
    }
    model = provider.models[turn >= (plan.switchModelAt ?? Infinity) ? 1 : 0];
    if (turn === plan.switchModelAt) planted.push("model-switch");
    tools = provider.tools(
      turn >= (plan.addToolAt ?? Infinity) ? [...toolNames, "apply_patch"] : toolNames,
    );
    if (turn === plan.addToolAt) planted.push("tools-change");
    const idleAfter = turn + 1 < plan.turns ? plan.idleMinutes(turn + 1) : 0;
    idleAhead = idleAfter > 5 && idleAfter <= 60;
    const cacheTtl = provider.cacheTtl?.(idleAfter) ?? "5m";
    lifetime = lifetimes[cacheTtl];
    const send = (request: ModelRequest, step: number, causes: readonly PlantedCause[]) => {
      const body = provider.body(request, model, tools, { at: now, idleAhead });
      served.push({
        ...(causes.includes("compaction") ? { stableTokens: provider.stableTokens(body) } : {}),
        turn,
        step,
        planted: causes,
        idleMinutes: step === 0 ? idle : 0,
        usage: provider.cache.serve(body, now),
        predicted: request.cachePrediction?.breaks.map((predicted) => predicted.cause) ?? [],
        predictedTokens: request.cachePrediction?.tokens ?? 0,
        predictedDollars: request.cachePrediction?.dollars,
      });
    };
    const context: TurnContext = {
      ...turnContext(model),
      request: {
        tools,
        cacheTtl,
        ...(provider.promptCacheKey === undefined
          ? {}
          : { promptCacheKey: provider.promptCacheKey }),
      },
    };
    now += seconds(5);
    send(await session.beginTurn(context, `Turn ${turn}: go on with the task.`), 0, planted);
    await session.record(toolCalls(turn, plan.parallelCalls));
    await session.record(toolOutputs(turn, plan.parallelCalls));
    now += seconds(5);
    send(await session.nextRequest(), 1, []);
    await session.record([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: `Turn ${turn} is done.` }],
      },
    ]);
  }
  return { requests: served, summaries };
}

/** The agent's tools until the plan adds one. */
const toolNames = ["shell", "read_file"];

function turnContext(model: string): TurnContext {
  return {
    model,
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    date: "2026-12-07",
    timezone: "Etc/UTC",
    permissions: {
      sandboxMode: "workspace-write",
      writableRoots: ["/repo"],
      approvalPolicy: "on-request",
    },
  };
}

function toolCalls(turn: number, count: number): ResponseItem[] {
  return Array.from({ length: count }, (_, index) => ({
    type: "function_call" as const,
    call_id: `call-${turn}-${index}`,
    name: index % 2 === 0 ? "shell" : "read_file",
    arguments: JSON.stringify({ path: `src/module-${turn}-${index}.ts` }),
  }));
}

function toolOutputs(turn: number, count: number): ResponseItem[] {
  return Array.from({ length: count }, (_, index) => ({
    type: "function_call_output" as const,
    call_id: `call-${turn}-${index}`,
    output: Array.from(
      { length: 12 },
      (_, line) => `export const value${line} = ${turn * 1000 + index * 12 + line};`,
    ).join("\n"),
  }));
}
