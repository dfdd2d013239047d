import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { approximateTokenizer, createSession, resumeSession } from "@ctx/session";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saidIn } from "./said-in-history.js";
import { startSessionProcess } from "./start-session-process.js";

const options = { tokenizer: approximateTokenizer };
const turn = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" as const }],
};

let directory = "";
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-dead-writer-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

// Issue 27: a lock left by a writer that died, whose pid now belongs to a live process.
describe("a JSONL session whose writer died holding its lock", () => {
  it("is written again through the session, even once the dead writer's pid runs another process", async () => {
    const seeding = createJsonlRolloutStore(directory);
    await createSession({ store: seeding, sessionId: "s", ...options }).beginTurn(turn, "first");
    await seeding.close();
    const worker = startSessionProcess(directory);
    expect(await worker.send("resume s")).toEqual({ ok: true });
    expect(await worker.send("turn dying")).toEqual({ ok: true });
    // The store keeps the lock while appends may follow: the kill leaves it behind.
    await worker.kill();
    const lock = join(directory, "s.lock");
    const abandoned = await readFile(lock, "utf8");
    const [pid = "", ...rest] = abandoned.split(" ");
    expect(Number(pid)).toBeGreaterThan(0);
    // The dead writer's pid given again, to this very process: the lock names a live pid.
    await writeFile(lock, [String(process.pid), ...rest].join(" "));

    const store = createJsonlRolloutStore(directory, { lockTimeout: 2_000 });
    const session = await resumeSession(store, { sessionId: "s", ...options });
    await session.beginTurn(turn, "after");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "reply" }] },
    ]);
    await store.close();
    expect((await readdir(directory)).filter((name) => name.endsWith(".lock"))).toEqual([]);
    const reader = createJsonlRolloutStore(directory);
    const resumed = await resumeSession(reader, { sessionId: "s", ...options });
    await reader.close();
    expect(saidIn(resumed.history())).toEqual(["first", "dying", "after", "reply"]);
  });
});
