import { rejection } from "@ctx/rollout/testing";
import type { Answer } from "./local-server.js";
import { withLocalServer } from "./with-local-server.js";

/**
 * Calls `call` against a local server that answers every request with `answer` (a provider's
 * error, say) and returns what the call rejected with.
 *
 * @throws {Error} when the call resolves.
 */
export function rejectWithAnswer(
  answer: Answer,
  call: (url: string) => Promise<unknown>,
): Promise<unknown> {
  return withLocalServer(
    () => answer,
    (server) => rejection(call(server.url)),
  );
}
