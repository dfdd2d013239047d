import { createServer, type Socket, connect as connectSocket } from "node:net";

/**
 * What the proxy does to a connection as it sends a query: reset it, as the kernel does for a
 * server killed with data unread; or hold it, forwarding nothing more and answering nothing, as
 * a network that drops packets does.
 */
export type QueryFault = "reset" | "hold";

/** A TCP proxy in front of a PostgreSQL server that fails connections the way servers do. */
export interface DroppingProxy {
  /** The server's URL with the proxy's port in it. */
  readonly url: string;
  /** How many queries the proxy has failed so far. */
  readonly failed: number;
  /** Fails the connections that send the next `count` queries (on any connection), as they send them. */
  failQueries(count: number, fault: QueryFault): void;
  /** Cuts every connection and stops listening; a second call does nothing. */
  close(): Promise<void>;
}

/** The message types of the frontend protocol that start a query: Query and Parse. */
const queryTypes = new Set(["Q".charCodeAt(0), "P".charCodeAt(0)]);

/** Starts a proxy to the server at `target` on a free port of 127.0.0.1. */
export async function startDroppingProxy(target: string): Promise<DroppingProxy> {
  const upstream = new URL(target);
  const faults: QueryFault[] = [];
  let failed = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const server = connectSocket(Number(upstream.port), upstream.hostname);
    sockets.add(client).add(server);
    for (const socket of [client, server]) {
      socket.on("error", () => socket.destroy());
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        server.destroy();
      });
    }
    server.on("data", (chunk: Buffer) => client.write(chunk));
    // The client's messages, read only for where each one starts: the startup message has no
    // type byte, every later one has a type and a length that counts itself.
    let pending = Buffer.alloc(0);
    let started = false;
    let held = false;
    client.on("data", (chunk: Buffer) => {
      if (held) return;
      pending = Buffer.concat([pending, chunk]);
      let forward = 0;
      while (pending.length - forward >= (started ? 5 : 4)) {
        const type = started ? pending[forward] : undefined;
        const length = started ? pending.readUInt32BE(forward + 1) + 1 : pending.readUInt32BE(forward);
        const fault = type !== undefined && queryTypes.has(type) ? faults.shift() : undefined;
        if (fault !== undefined) {
          failed += 1;
          server.write(pending.subarray(0, forward));
          held = fault === "hold";
          if (fault === "reset") {
            client.resetAndDestroy();
            server.destroy();
          }
          return;
        }
        if (pending.length - forward < length) break;
        forward += length;
        started = true;
      }
      server.write(pending.subarray(0, forward));
      pending = pending.subarray(forward);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    get failed() {
      return failed;
    },
    failQueries(count, fault) {
      for (let index = 0; index < count; index += 1) faults.push(fault);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
