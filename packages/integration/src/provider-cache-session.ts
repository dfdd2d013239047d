import type { CacheUsage, ProviderCache } from "@ctx/cache-simulator";
import type { ResponseItem } from "@ctx/protocol";
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
  /** The request body the adapter maps `request` to for `model`, with `tools`. */
  readonly body: (
    request: ModelRequest,
    model: string,
    tools: NonNullable<RequestSettings["tools"]>,
  ) => Record<string, unknown>;
}

/** One request of the scripted session and what the provider's cache made of it. */
export interface ServedCacheRequest {
  readonly turn: number;
  /** 0 for the turn's first request, 1 for the one after its tool calls. */
  readonly step: number;
  /** What happened before this request that may cost the cache (empty for most requests). */
  readonly planted: readonly PlantedCause[];
  readonly usage: CacheUsage;
  /** The causes of a miss the session predicted before sending the request (`cachePrediction`). */
  readonly predicted: readonly CacheMissCause[];
  /** The tokens the session predicted at stake (0 without a prediction). */
  readonly predictedTokens: number;
  /** Their price, when the catalog prices the model. */
  readonly predictedDollars: number | undefined;
}

const seconds = (count: number): number => count * 1000;

/**
 * Runs `plan` through `@ctx/session` (a memory rollout store, the approximate tokenizer, a clock
 * on the script's time) and the provider's adapter mapping, serving every request to the
 * provider's simulated cache at the time the script reaches it (5 seconds a request, plus each
 * turn's idle time); each turn tells the session its tools and cache key in the turn context's
 * `request` slot. Returns every request with the causes planted before it and those the session
 * predicted.
 */
export async function runCacheSession(
  plan: CacheSessionPlan,
  provider: CacheSessionProvider,
): Promise<ServedCacheRequest[]> {
  const store = createMemoryRolloutStore();
  let now = 0;
  const options = {
    sessionId: "cache-session",
    tokenizer: approximateTokenizer,
    contextWindow: 10_000_000,
    clock: () => now,
  } satisfies SessionOptions;
  let session: Session = createSession({ ...options, store });
  const served: ServedCacheRequest[] = [];
  for (let turn = 0; turn < plan.turns; turn += 1) {
    const planted: PlantedCause[] = [];
    const idle = plan.idleMinutes(turn);
    now += seconds(idle * 60);
    if (idle > 5) planted.push("idle-gap");
    if (plan.compactBefore.includes(turn)) {
      await session.compact();
      planted.push("compaction");
    }
    if (plan.resumeBefore === turn) {
      session = await resumeSession(store, options);
      planted.push("resume");
    }
    const model = provider.models[turn >= (plan.switchModelAt ?? Infinity) ? 1 : 0];
    if (turn === plan.switchModelAt) planted.push("model-switch");
    const tools = provider.tools(
      turn >= (plan.addToolAt ?? Infinity) ? [...toolNames, "apply_patch"] : toolNames,
    );
    if (turn === plan.addToolAt) planted.push("tools-change");
    const send = (request: ModelRequest, step: number, causes: readonly PlantedCause[]) => {
      served.push({
        turn,
        step,
        planted: causes,
        usage: provider.cache.serve(provider.body(request, model, tools), now),
        predicted: request.cachePrediction?.breaks.map((predicted) => predicted.cause) ?? [],
        predictedTokens: request.cachePrediction?.tokens ?? 0,
        predictedDollars: request.cachePrediction?.dollars,
      });
    };
    const context: TurnContext = {
      ...turnContext(model),
      request: {
        tools,
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
  return served;
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
