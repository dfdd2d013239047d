import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RolloutError, type RolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
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
  directory = await mkdtemp(join(tmpdir(), "ctx-lost-create-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

// Issue 27: retrying a create() whose answer was lost yielded a conflict, after which the
// session could never write. Here the JSONL store creates the session, and the answer is lost.
describe("a session or fork whose create was written but whose answer was lost, on the JSONL store", () => {
  it("takes the retried call for the create it was, and writes on", async () => {
    const store = createJsonlRolloutStore(directory);
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
    const session = createSession({ store: losing, sessionId: "s", ...options });
    await expect(session.beginTurn(turn, "one")).rejects.toMatchObject({ code: "io-failed" });
    const created = await readFile(join(directory, "s.jsonl"));
    await session.beginTurn(turn, "one");
    expect((await readFile(join(directory, "s.jsonl"))).subarray(0, created.length)).toEqual(
      created,
    );

    lose = true;
    await expect(
      forkSession(losing, { sessionId: "s", forkId: "f", ...options }),
    ).rejects.toMatchObject({ code: "io-failed" });
    const fork = await forkSession(losing, { sessionId: "s", forkId: "f", ...options });
    await fork.beginTurn(turn, "fork turn");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "reply" }] },
    ]);
    expect(saidIn((await resumeSession(store, { sessionId: "s", ...options })).history())).toEqual([
      "one",
      "reply",
    ]);
    expect(saidIn((await resumeSession(store, { sessionId: "f", ...options })).history())).toEqual([
      "one",
      "fork turn",
    ]);
    await store.close();
  });
});
