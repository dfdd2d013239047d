import type { ProviderCache } from "@ctx/cache-simulator";
import type { ResponseItem, Summarizer } from "@ctx/protocol";
import { createSession, type ModelRequest } from "@ctx/session";
import type { Answer, RecordedRequest } from "./local-server.js";
import { firstTurnContext, userTurns } from "./run-conversation.js";
import { withLocalServer } from "./with-local-server.js";

/** What {@link runCachedCompaction} saw. */
export interface CachedCompaction {
  /** What the server received: the two turns' requests, then the summary request. */
  readonly received: readonly RecordedRequest[];
  /** The cached input tokens the server reported for each request, in the same order. */
  readonly cachedTokens: readonly number[];
  /** The tokens of each request's whole prompt, as the simulated cache counted them. */
  readonly promptTokens: readonly number[];
  /** The codes of the compaction's warnings. */
  readonly warnings: readonly string[];
}

/** How {@link runCachedCompaction} talks to its server. */
export interface CachedCompactionOptions {
  /** The provider's prompt cache, as `@ctx/cache-simulator` simulates it by its rules. */
  readonly cache: ProviderCache;
  /**
   * The server's answer to a request: `text` as the model's answer, with `cachedTokens` of its
   * input reported as read from the cache.
   */
  readonly answer: (text: string, cachedTokens: number) => Answer;
  /**
   * Given the server's URL: how a turn's request goes out through the client under test (its
   * output comes back as items to record), and the summarizer under test.
   */
  readonly connect: (url: string) => {
    readonly send: (request: ModelRequest) => Promise<readonly ResponseItem[]>;
    readonly summarizer: Summarizer;
  };
}

/**
 * Two turns of a real `@ctx/session` and then a compaction, against a local server that keeps a
 * provider's prompt cache (`options.cache`) and reports the cached input tokens of each
 * request in its answer. A summarizer that sends what the turns sent before the history (their
 * tools, their cache key, their cache breakpoints) has the summary request read the prefix the
 * turns cached; one that drops any of it reads nothing.
 *
 * @throws {Error} when the server received another number of requests than three.
 */
export async function runCachedCompaction(
  options: CachedCompactionOptions,
): Promise<CachedCompaction> {
  const cachedTokens: number[] = [];
  const promptTokens: number[] = [];
  return withLocalServer(
    (request, index) => {
      const usage = options.cache.serve(request.body);
      const cached = usage.cachedTokens;
      cachedTokens.push(cached);
      promptTokens.push(usage.totalTokens);
      return options.answer(
        index < 2 ? `Answer ${index + 1}.` : "The user said hello twice.",
        cached,
      );
    },
    async (server) => {
      const { send, summarizer } = options.connect(server.url);
      const session = createSession({
        sessionId: "session-1",
        summarizer,
      });
      for (const text of userTurns.slice(0, 2)) {
        await session.record(await send(await session.beginTurn(firstTurnContext, text)));
      }
      const report = await session.compact();
      if (server.requests.length !== 3) {
        throw new Error(`the server received ${server.requests.length} requests, not 3`);
      }
      return {
        received: [...server.requests],
        cachedTokens,
        promptTokens,
        warnings: (report?.warnings ?? []).map((warning) => warning.code),
      };
    },
  );
}
