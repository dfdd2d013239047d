/**
 * A worker of a fleet in a process of its own: it opens the JSONL store of the folder it is
 * given, and answers each command line on stdin (`resume <sessionId>`, `turn <tag>`,
 * `record <tag>`) with one JSON line on stdout, through the public path alone (`resumeSession`,
 * `beginTurn`, `record`).
 * Run with `node --conditions=@ctx/source --import tsx`; see `startSessionProcess`.
 */
import { createInterface } from "node:readline";
import { RolloutConflictError } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { resumeSession, type Session } from "@ctx/session";
import { fleetOptions, fleetTurn } from "./fleet-turn.js";

const [directory = ""] = process.argv.slice(2);
const store = createJsonlRolloutStore(directory);
let session: Session | undefined;

async function perform(command: string, argument: string): Promise<void> {
  if (command === "resume") {
    session = await resumeSession(store, { sessionId: argument, ...fleetOptions });
    return;
  }
  if (session === undefined) throw new Error(`${command} before resume`);
  if (command === "turn") await session.beginTurn(fleetTurn, argument);
  else if (command === "record")
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: argument }] },
    ]);
  else throw new Error(`unknown command ${command}`);
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command = "", argument = ""] = line.split(" ");
  const before = session?.history().length;
  const answer = await perform(command, argument).then(
    () => ({ ok: true }),
    (error: unknown) => ({
      ok: false,
      conflict: RolloutConflictError.isInstance(error),
      ...(error instanceof Error ? { message: error.message } : {}),
      ...(typeof error === "object" && error !== null ? error : {}),
      // A refused write leaves the worker's own history as it was.
      historyKept: session?.history().length === before,
    }),
  );
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await store.close();
