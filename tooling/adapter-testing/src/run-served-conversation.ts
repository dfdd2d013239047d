import type { ResponseItem } from "@ctx/protocol";
import type { ModelRequest } from "@ctx/session";
import type { Answer, RecordedRequest } from "./local-server.js";
import { runConversation } from "./run-conversation.js";
import { withLocalServer } from "./with-local-server.js";

/** One request of the conversation beside what the server received for it. */
export interface Exchange extends RecordedRequest {
  /** The model request the session made. */
  readonly request: ModelRequest;
}

/**
 * Runs {@link runConversation} against a local server that answers with `answer`: `connect`
 * gets the server's URL and returns how to send a request through the client under test; the
 * server is closed as {@link withLocalServer} does. Returns each request the session made beside
 * the path and body the server received for it, in order.
 *
 * @throws {Error} when the server received another number of requests than the session made.
 */
export async function runServedConversation(
  answer: (request: RecordedRequest, index: number) => Answer,
  connect: (url: string) => (request: ModelRequest) => Promise<readonly ResponseItem[]>,
): Promise<Exchange[]> {
  return withLocalServer(answer, async (server) => {
    const requests = await runConversation(connect(server.url));
    if (server.requests.length !== requests.length) {
      throw new Error(
        `the session made ${requests.length} requests, the server received ${server.requests.length}`,
      );
    }
    return requests.flatMap((request, index): Exchange[] => {
      const received = server.requests[index];
      return received === undefined ? [] : [{ ...received, request }];
    });
  });
}
