import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type MockAnswer, mockOutputItem } from "./mock-output-item.js";

/** A request body as Codex sent it, parsed. */
export type RecordedRequest = Readonly<Record<string, unknown>>;

/** A running mock of the Responses API on 127.0.0.1. */
export interface MockResponsesServer {
  /** The base URL to give Codex (`http://127.0.0.1:{port}/v1`). */
  readonly baseUrl: string;
  /** Every request body received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a Responses API mock on 127.0.0.1 that streams each answer as server-sent events, the
 * way the real API does (`response.created`, `response.output_item.done`, `response.completed`
 * with usage), records every request body, and lets `answer` decide what to send back.
 */
export async function startMockResponsesServer(
  answer: (request: RecordedRequest, index: number) => MockAnswer,
): Promise<MockResponsesServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
    if (request.method !== "POST" || !(request.url ?? "").endsWith("/responses")) {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest;
    const index = requests.length;
    requests.push(body);
    const reply = answer(body, index);
    const id = `resp_${index + 1}`;
    const item = mockOutputItem(reply, index);
    const events = [
      { type: "response.created", response: { id } },
      { type: "response.output_item.added", output_index: 0, item },
      { type: "response.output_item.done", output_index: 0, item },
      {
        type: "response.completed",
        response: {
          id,
          usage: {
            input_tokens: reply.totalTokens - 10,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 10,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: reply.totalTokens,
          },
        },
      },
    ];
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const event of events)
      response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    response.end();
  }
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
