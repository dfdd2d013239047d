import { mkdtemp, readFile, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileLocks } from "./file-lock.js";

describe("createFileLocks", () => {
  let directory = "";
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "ctx-file-lock-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("says lock-lost when the lock it releases was removed by another store, and takes it again", async () => {
    const locks = createFileLocks(directory);
    const lock = join(directory, "s.lock");
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
});
