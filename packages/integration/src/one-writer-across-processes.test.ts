import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, resumeSession } from "@ctx/session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fleetOptions, fleetTurn } from "./fleet-turn.js";
import { saidIn } from "./said-in-history.js";
import { type SessionProcess, startSessionProcess } from "./start-session-process.js";

let directory = "";
let workers: SessionProcess[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-writer-processes-"));
  workers = [startSessionProcess(directory), startSessionProcess(directory)];
}, 60_000);

afterAll(async () => {
  const stderr = await Promise.all(workers.map((worker) => worker.stop()));
  if (directory !== "") await rm(directory, { recursive: true, force: true });
  expect(stderr).toEqual(["", ""]);
}, 60_000);

/** A session in the folder with one turn, `first`, written by this process. */
async function seed(sessionId: string): Promise<void> {
  const store = createJsonlRolloutStore(directory);
  await createSession({ store, sessionId, ...fleetOptions }).beginTurn(fleetTurn, "first");
  await store.close();
}

/** What the user and the model said in the session, as a fresh resume reads it from disk. */
async function said(sessionId: string): Promise<string[]> {
  const store = createJsonlRolloutStore(directory);
  const session = await resumeSession(store, { sessionId, ...fleetOptions });
  await store.close();
  return saidIn(session.history());
}

const refused = { ok: false, conflict: true, code: "conflict", historyKept: true };

// Issue 27's first attack, in two processes: each resumes the session and takes a turn.
describe("one writer per session, with the JSONL store in two processes", () => {
  it("refuses the worker that resumed second once the other wrote, changes nothing on disk, and lets it resume and go on", async () => {
    const [a, b] = workers as [SessionProcess, SessionProcess];
    await seed("s");
    expect(await a.send("resume s")).toEqual({ ok: true });
    expect(await b.send("resume s")).toEqual({ ok: true });
    expect(await a.send("turn A")).toEqual({ ok: true });
    const log = join(directory, "s.jsonl");
    const bytes = await readFile(log);
    for (const write of ["turn B", "record B-reply"]) {
      const answer = await b.send(write);
      expect(answer).toMatchObject({ ...refused, sessionId: "s" });
      expect(answer.expected).toBeLessThan(answer.actual ?? 0);
    }
    expect(await readFile(log)).toEqual(bytes);
    expect(await a.send("record A-reply")).toEqual({ ok: true });
    expect(await b.send("resume s")).toEqual({ ok: true });
    expect(await b.send("turn B")).toEqual({ ok: true });
    expect(await b.send("record B-reply")).toEqual({ ok: true });
    expect(await a.send("record A-again")).toMatchObject(refused);
    expect(await said("s")).toEqual(["first", "A", "A-reply", "B", "B-reply"]);
  });

  it("gives each of 6 races between the two processes to exactly one, losing and merging none", async () => {
    await seed("raced");
    const acknowledged = ["first"];
    for (const worker of workers) expect(await worker.send("resume raced")).toEqual({ ok: true });
    for (let round = 0; round < 6; round += 1) {
      const command = round % 2 === 0 ? "record" : "turn";
      const tags = workers.map((_, at) => `${round}-${at}`);
      const answers = await Promise.all(
        workers.map((worker, at) => worker.send(`${command} ${tags[at]}`)),
      );
      const winners = answers.flatMap((answer, at) => (answer.ok ? [at] : []));
      expect(winners).toHaveLength(1);
      const [winner = 0] = winners;
      acknowledged.push(tags[winner] ?? "");
      const loser = workers[1 - winner] as SessionProcess;
      expect(answers[1 - winner]).toMatchObject({ ...refused, sessionId: "raced" });
      expect(await loser.send("resume raced")).toEqual({ ok: true });
    }
    expect(await said("raced")).toEqual(acknowledged);
  });
});
