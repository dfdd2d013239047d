import type { Summarizer, SummaryRequest } from "@ctx/protocol";
import { createSession } from "@ctx/session";
import { assistantMessage } from "./items.js";
import type { Answer, RecordedRequest } from "./local-server.js";
import { conversationInstructions, firstTurnContext, userTurns } from "./run-conversation.js";
import { withLocalServer } from "./with-local-server.js";

/** What {@link runServedCompaction} saw. */
export interface ServedCompaction {
  /** Each request the session gave the summarizer, in order. */
  readonly requests: readonly SummaryRequest[];
  /** What the server received for each, in order. */
  readonly received: readonly RecordedRequest[];
  /** The codes of the compaction's warnings. */
  readonly warnings: readonly string[];
  /** The summary as the next request carries it, or `undefined` when none is there. */
  readonly summary: string | undefined;
}

/**
 * Compacts a one-turn session of a real `@ctx/session` with the summarizer `connect` builds on a
 * local server's URL. The server answers the first summary request with `tooLong` (the
 * provider's context-window error) and every later one with `summary`, so the session has to
 * leave the oldest item out and ask again. Returns what the summarizer was asked, what the
 * server received, and the summary text the next request carries.
 *
 * @throws {Error} when the server received another number of requests than the summarizer was
 * asked.
 */
export async function runServedCompaction(
  answers: { readonly tooLong: Answer; readonly summary: Answer },
  connect: (url: string) => Summarizer,
): Promise<ServedCompaction> {
  return withLocalServer(
    (_request, index) => (index === 0 ? answers.tooLong : answers.summary),
    async (server) => {
      const requests: SummaryRequest[] = [];
      const summarize = connect(server.url);
      const session = createSession({
        sessionId: "session-1",
        baseInstructions: conversationInstructions,
        summarizer: (request, options) => {
          requests.push(request);
          return summarize(request, options);
        },
      });
      await session.beginTurn(firstTurnContext, userTurns[0]);
      await session.record([assistantMessage("Hello.")]);
      const report = await session.compact();
      const next = await session.beginTurn(firstTurnContext, userTurns[1]);
      if (server.requests.length !== requests.length) {
        throw new Error(
          `the summarizer was asked ${requests.length} times, the server received ${server.requests.length} requests`,
        );
      }
      const last = next.input.at(-2);
      const summary =
        last?.type === "message" && last.role === "user"
          ? last.content.map((part) => ("text" in part ? part.text : "")).join("")
          : undefined;
      return {
        requests,
        received: [...server.requests],
        warnings: (report?.warnings ?? []).map((warning) => warning.code),
        summary,
      };
    },
  );
}
