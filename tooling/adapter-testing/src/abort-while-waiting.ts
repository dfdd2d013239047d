import { rejection } from "@ctx/rollout/testing";
import { withLocalServer } from "./with-local-server.js";

/**
 * Calls `call` against a local server that never answers, aborts the signal once the request
 * has arrived, and returns what the call rejected with (or failed with before sending).
 *
 * @throws {Error} when the call resolves instead of rejecting.
 */
export function abortWhileWaiting(
  call: (url: string, signal: AbortSignal) => Promise<unknown>,
): Promise<unknown> {
  return withLocalServer(
    () => ({ hold: true }),
    async (server) => {
      const controller = new AbortController();
      const settled = rejection(call(server.url, controller.signal));
      // A call that fails before its request arrives settles first, with its own reason.
      await Promise.race([server.received(1), settled]);
      controller.abort();
      return settled;
    },
  );
}
