import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, resumeSession } from "@ctx/session";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { fleetOptions, fleetTurn } from "./fleet-turn.js";
import { saidIn } from "./said-in-history.js";
import { startSessionProcess } from "./start-session-process.js";

const folder = useTemporaryFolder("ctx-dead-writer-");

// Issue 27: a lock left by a writer that died, whose pid now belongs to a live process.
describe("a JSONL session whose writer died holding its lock", () => {
  it("is written again through the session, even once the dead writer's pid runs another process", async () => {
    const seeding = createJsonlRolloutStore(folder());
    await createSession({ store: seeding, sessionId: "s", ...fleetOptions }).beginTurn(
      fleetTurn,
      "first",
    );
    await seeding.close();
    const worker = startSessionProcess(folder());
    expect(await worker.send("resume s")).toEqual({ ok: true });
    expect(await worker.send("turn dying")).toEqual({ ok: true });
    // The store keeps the lock while appends may follow: the kill leaves it behind.
    await worker.kill();
    const lock = join(folder(), "s.lock");
    const abandoned = await readFile(lock, "utf8");
    const [pid = "", ...rest] = abandoned.split(" ");
    expect(Number(pid)).toBeGreaterThan(0);
    // The dead writer's pid given again, to this very process: the lock names a live pid.
    await writeFile(lock, [String(process.pid), ...rest].join(" "));

    const store = createJsonlRolloutStore(folder(), { lockTimeout: 2_000 });
    const session = await resumeSession(store, { sessionId: "s", ...fleetOptions });
    await session.beginTurn(fleetTurn, "after");
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "reply" }] },
    ]);
    await store.close();
    expect((await readdir(folder())).filter((name) => name.endsWith(".lock"))).toEqual([]);
    const reader = createJsonlRolloutStore(folder());
    const resumed = await resumeSession(reader, { sessionId: "s", ...fleetOptions });
    await reader.close();
    expect(saidIn(resumed.history())).toEqual(["first", "dying", "after", "reply"]);
  });
});
