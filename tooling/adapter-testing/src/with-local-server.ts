import {
  type Answer,
  type LocalServer,
  type RecordedRequest,
  startLocalServer,
} from "./local-server.js";

/**
 * Runs `use` with a {@link startLocalServer} server that answers with `answer`, and closes the
 * server once `use` settles, also when it fails. Returns what `use` returns.
 */
export async function withLocalServer<Result>(
  answer: (request: RecordedRequest, index: number) => Answer,
  use: (server: LocalServer) => Promise<Result>,
): Promise<Result> {
  const server = await startLocalServer(answer);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}
