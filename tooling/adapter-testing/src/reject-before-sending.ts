import { rejection } from "@ctx/rollout/testing";
import { withLocalServer } from "./with-local-server.js";

/**
 * Calls `call` against a local server and returns what the call rejected with, for a call that
 * must fail before it sends anything.
 *
 * @throws {Error} when the call resolves, or when a request reached the server.
 */
export function rejectBeforeSending(call: (url: string) => Promise<unknown>): Promise<unknown> {
  return withLocalServer(
    () => ({ json: {} }),
    async (server) => {
      const reason = await rejection(call(server.url));
      if (server.requests.length > 0) {
        throw new Error(
          `the call failed, but only after sending ${server.requests.length} requests`,
        );
      }
      return reason;
    },
  );
}
