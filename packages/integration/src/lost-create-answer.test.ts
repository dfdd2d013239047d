import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError, type RolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, forkSession, resumeSession } from "@ctx/session";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { fleetOptions, fleetTurn } from "./fleet-turn.js";
import { saidIn } from "./said-in-history.js";

const folder = useTemporaryFolder("ctx-lost-create-");

// Issue 27: retrying a create() whose answer was lost yielded a conflict, after which the
// session could never write. Here the JSONL store creates the session, and the answer is lost.
describe("a session or fork whose create was written but whose answer was lost, on the JSONL store", () => {
  it("takes the retried call for the create it was, and writes on", async () => {
    const store = createJsonlRolloutStore(folder());
    let lose = false;
    const losing: RolloutStore = {
      ...store,
      create: async (request) => {
        const created = await store.create(request);
        if (!lose) return created;
        lose = false;
        throw new RolloutError("io-failed", "the answer to create was lost on the way");
      },
    };
    lose = true;
    const session = createSession({ store: losing, sessionId: "s", ...fleetOptions });
    await expect(session.beginTurn(fleetTurn, "one")).rejects.toMatchObject({ code: "io-failed" });
    const created = await readFile(join(folder(), "s.jsonl"));
    await session.beginTurn(fleetTurn, "one");
    expect((await readFile(join(folder(), "s.jsonl"))).subarray(0, created.length)).toEqual(
      created,
    );

    lose = true;
    await expect(
      forkSession(losing, { sessionId: "s", forkId: "f", ...fleetOptions }),
    ).rejects.toMatchObject({ code: "io-failed" });
    const fork = await forkSession(losing, { sessionId: "s", forkId: "f", ...fleetOptions });
    await fork.beginTurn(fleetTurn, "fork turn");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "reply" }] },
    ]);
    expect(
      saidIn((await resumeSession(store, { sessionId: "s", ...fleetOptions })).history()),
    ).toEqual(["one", "reply"]);
    expect(
      saidIn((await resumeSession(store, { sessionId: "f", ...fleetOptions })).history()),
    ).toEqual(["one", "fork turn"]);
    await store.close();
  });
});
