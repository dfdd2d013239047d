import { copyFile, mkdtemp, readFile, rename, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJsonlRolloutStore, RolloutLogMismatchError } from "@ctx/rollout-jsonl";
import { approximateTokenizer, createSession, forkSession, resumeSession } from "@ctx/session";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saidIn } from "./said-in-history.js";

const options = { tokenizer: approximateTokenizer };
const turn = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" as const }],
};

let directory = "";
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-log-bound-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const log = (id: string) => join(directory, `${id}.jsonl`);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

// Issue 27: a JSONL log whose header names another session, made by a copy, a link or a rename.
describe("a JSONL log under another session's name, met through the session", () => {
  it("is refused by every session call with both ids named, leaves the real log as it was, and is listed under neither id", async () => {
    const store = createJsonlRolloutStore(directory);
    const a = createSession({ store, sessionId: "a", ...options });
    await a.beginTurn(turn, "first");
    await copyFile(log("a"), log("b"));
    await symlink(log("a"), log("c"));
    const bytes = await readFile(log("a"));
    for (const id of ["b", "c"]) {
      const mismatch = { code: "log-mismatch", sessionId: id, headerSessionId: "a", path: log(id) };
      const calls = [
        () => resumeSession(store, { sessionId: id, ...options }),
        () => createSession({ store, sessionId: id, ...options }).beginTurn(turn, id),
        () => forkSession(store, { sessionId: "a", forkId: id, ...options }),
        () => forkSession(store, { sessionId: id, forkId: `${id}-fork`, ...options }),
      ];
      for (const call of calls) {
        const error = await rejection(call());
        expect(error).toBeInstanceOf(RolloutLogMismatchError);
        expect(error).toMatchObject(mismatch);
      }
    }
    expect(await readFile(log("a"))).toEqual(bytes);
    await a.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "reply" }] },
    ]);
    // Every process lists a once, whether it read the index or rebuilds it from the logs.
    await rm(join(directory, ".index.jsonl"), { force: true });
    const other = createJsonlRolloutStore(directory);
    for (const lister of [store, other]) {
      const page = await lister.list();
      expect(page.sessions.map((session) => session.id)).toEqual(["a"]);
    }
    await other.close();
    const resumed = await resumeSession(store, { sessionId: "a", ...options });
    expect(saidIn(resumed.history())).toEqual(["first", "reply"]);

    // Renamed, a's log is not d's: d is refused, a is gone, and nothing is listed.
    await rm(log("c"));
    await rename(log("a"), log("d"));
    expect(await rejection(resumeSession(store, { sessionId: "d", ...options }))).toMatchObject({
      code: "log-mismatch",
      sessionId: "d",
      headerSessionId: "a",
    });
    expect(await rejection(resumeSession(store, { sessionId: "a", ...options }))).toMatchObject({
      code: "session-not-found",
    });
    await store.close();
    const fresh = createJsonlRolloutStore(directory);
    expect((await fresh.list()).sessions).toEqual([]);
    await fresh.close();
  });
});
