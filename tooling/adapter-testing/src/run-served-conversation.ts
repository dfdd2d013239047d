import type { ModelRequest } from "@ctx/session";
import type { Answer, RecordedRequest } from "./local-server.js";
import { type ConversationRequest, runConversation, type SentRequest } from "./run-conversation.js";
import { withLocalServer } from "./with-local-server.js";

/** One request of the conversation beside what the server received for it. */
export interface Exchange extends RecordedRequest, ConversationRequest {}

/**
 * Runs {@link runConversation} against a local server that answers with `answer`: `connect`
 * gets the server's URL and returns how to send a request through the client under test; the
 * server is closed as {@link withLocalServer} does. Returns each request the session made beside
 * the path and body the server received for it and the session's token usage after its response,
 * in order.
 *
 * @throws {Error} when the server received another number of requests than the session made.
 */
export async function runServedConversation(
  answer: (request: RecordedRequest, index: number) => Answer,
  connect: (url: string) => (request: ModelRequest) => Promise<SentRequest>,
): Promise<Exchange[]> {
  return withLocalServer(answer, async (server) => {
    const requests = await runConversation(connect(server.url));
    if (server.requests.length !== requests.length) {
      throw new Error(
        `the session made ${requests.length} requests, the server received ${server.requests.length}`,
      );
    }
    return requests.flatMap((sent, index): Exchange[] => {
      const received = server.requests[index];
      return received === undefined ? [] : [{ ...received, ...sent }];
    });
  });
}
