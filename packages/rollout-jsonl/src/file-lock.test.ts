import { spawnSync } from "node:child_process";
import { readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { breakingPath, createFileLocks } from "./file-lock.js";

/** A lock's content naming a process that has finished: what a killed writer leaves behind. */
function deadHolder(token: string): string {
  return `${spawnSync(process.execPath, ["-e", "0"]).pid} ${token}\n`;
}

describe("createFileLocks", () => {
  const folder = useTemporaryFolder("ctx-file-lock-");

  it("says lock-lost when the lock it releases was removed by another store, and takes it again", async () => {
    const locks = createFileLocks(folder());
    const lock = join(folder(), "s.lock");
    const release = await locks.acquire(lock, { timeout: 1_000, sessionId: "s" });
    expect(await readFile(lock, "utf8")).toMatch(new RegExp(`^${process.pid} `));
    await unlink(lock);
    const lost = await release().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(RolloutError.isInstance(lost)).toBe(true);
    expect(lost).toMatchObject({ code: "lock-lost", path: lock, sessionId: "s" });
    const again = await locks.acquire(lock, { timeout: 1_000 });
    await again();
    await locks.dispose();
  });

  it("gives a lock left by a dead writer, and by a dead breaker of it, to one racer at a time", async () => {
    const racers = Array.from({ length: 12 }, () => createFileLocks(folder()));
    const lock = join(folder(), "s.lock");
    for (let round = 0; round < 12; round += 1) {
      const abandoned = deadHolder(`writer-${round}`);
      await writeFile(lock, abandoned);
      await writeFile(breakingPath(lock, abandoned), deadHolder(`breaker-${round}`));
      let holding = 0;
      let most = 0;
      let taken = 0;
      await Promise.all(
        racers.map(async (locks) => {
          const release = await locks.acquire(lock, { timeout: 30_000 });
          holding += 1;
          most = Math.max(most, holding);
          await new Promise((resolve) => setTimeout(resolve, 1));
          holding -= 1;
          taken += 1;
          await release();
        }),
      );
      expect({ round, most, taken }).toEqual({ round, most: 1, taken: racers.length });
    }
    await Promise.all(racers.map((locks) => locks.dispose()));
    // Every breaking lock was removed by its holder, the dead ones by their breakers.
    expect(await readdir(folder())).toEqual([]);
  });
});
