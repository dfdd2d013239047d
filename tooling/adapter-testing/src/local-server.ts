import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the server received: its path and its parsed JSON body. */
export interface RecordedRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/**
 * How the server answers a request: JSON (with status 200 unless `status` says otherwise, as an
 * API answers an error), a stream of server-sent events, or never.
 */
export type Answer =
  | { readonly json: unknown; readonly status?: number }
  | { readonly events: readonly { readonly event: string; readonly data: unknown }[] }
  | { readonly hold: true };

/** A local HTTP server on 127.0.0.1 that records every request and answers from a script. */
export interface LocalServer {
  /** `http://127.0.0.1:{port}`, without a trailing slash. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Resolves once the server has received `count` requests. */
  received(count: number): Promise<void>;
  /** Ends held replies and open connections, then stops the server. */
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (never another address) on a free port. Every request body is
 * parsed as JSON and recorded, then `answer` decides the reply: JSON with its status, server-sent
 * events in the order given, or a reply that never comes (until `close`), to test aborts.
 */
export async function startLocalServer(
  answer: (request: RecordedRequest, index: number) => Answer,
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer(async (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const recorded = {
      path: incoming.url ?? "",
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
    };
    requests.push(recorded);
    for (const waiter of waiting.filter((entry) => entry.count <= requests.length)) {
      waiter.resolve();
    }
    const reply = answer(recorded, requests.length - 1);
    if ("hold" in reply) {
      held.push(response);
      response.writeHead(200, { "content-type": "application/json" });
      return;
    }
    if ("json" in reply) {
      response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      response.end(JSON.stringify(reply.json));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream" });
    for (const { event, data } of reply.events) {
      response.write(
        `event: ${event}\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`,
      );
    }
    response.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ count, resolve })),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
