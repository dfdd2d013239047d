import { copyFile, readFile, rename, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { rejection } from "@ctx/rollout/testing";
import { createJsonlRolloutStore, RolloutLogMismatchError } from "@ctx/rollout-jsonl";
import { createSession, forkSession, resumeSession } from "@ctx/session";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { fleetOptions, fleetTurn } from "./fleet-turn.js";
import { saidIn } from "./said-in-history.js";

const folder = useTemporaryFolder("ctx-log-bound-");

const log = (id: string) => join(folder(), `${id}.jsonl`);

// Issue 27: a JSONL log whose header names another session, made by a copy, a link or a rename.
describe("a JSONL log under another session's name, met through the session", () => {
  it("is refused by every session call with both ids named, leaves the real log as it was, and is listed under neither id", async () => {
    const store = createJsonlRolloutStore(folder());
    const a = createSession({ store, sessionId: "a", ...fleetOptions });
    await a.beginTurn(fleetTurn, "first");
    await copyFile(log("a"), log("b"));
    await symlink(log("a"), log("c"));
    const bytes = await readFile(log("a"));
    for (const id of ["b", "c"]) {
      const mismatch = { code: "log-mismatch", sessionId: id, headerSessionId: "a", path: log(id) };
      const calls = [
        () => resumeSession(store, { sessionId: id, ...fleetOptions }),
        () => createSession({ store, sessionId: id, ...fleetOptions }).beginTurn(fleetTurn, id),
        () => forkSession(store, { sessionId: "a", forkId: id, ...fleetOptions }),
        () => forkSession(store, { sessionId: id, forkId: `${id}-fork`, ...fleetOptions }),
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
    await rm(join(folder(), ".index.jsonl"), { force: true });
    const other = createJsonlRolloutStore(folder());
    for (const lister of [store, other]) {
      const page = await lister.list();
      expect(page.sessions.map((session) => session.id)).toEqual(["a"]);
    }
    await other.close();
    const resumed = await resumeSession(store, { sessionId: "a", ...fleetOptions });
    expect(saidIn(resumed.history())).toEqual(["first", "reply"]);

    // Renamed, a's log is not d's: d is refused, a is gone, and nothing is listed.
    await rm(log("c"));
    await rename(log("a"), log("d"));
    expect(
      await rejection(resumeSession(store, { sessionId: "d", ...fleetOptions })),
    ).toMatchObject({
      code: "log-mismatch",
      sessionId: "d",
      headerSessionId: "a",
    });
    expect(
      await rejection(resumeSession(store, { sessionId: "a", ...fleetOptions })),
    ).toMatchObject({
      code: "session-not-found",
    });
    await store.close();
    const fresh = createJsonlRolloutStore(folder());
    expect((await fresh.list()).sessions).toEqual([]);
    await fresh.close();
  });
});
