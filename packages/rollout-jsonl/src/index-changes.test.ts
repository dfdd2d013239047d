import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileLocks } from "./file-lock.js";
import { createIndexChanges } from "./index-changes.js";
import { createLoadedIndex } from "./loaded-index.js";

describe("createIndexChanges", () => {
  let directory = "";
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "ctx-session-index-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("rejects the changes still waiting with lock-lost when its lock vanished while held", async () => {
    const locks = createFileLocks(directory);
    const lock = join(directory, ".index.lock");
    const loaded = createLoadedIndex(join(directory, ".index.jsonl"));
    const index = createIndexChanges({
      path: join(directory, ".index.jsonl"),
      lockPath: lock,
      locks,
      lockTimeout: 5_000,
      loaded,
      rebuild: () => loaded.rewrite([]),
    });
    let waiting: Promise<unknown> | undefined;
    const first = index.change(
      async () => {
        // Another process broke the lock while this store held it, and a store waits for it.
        await unlink(lock);
        await writeFile(`${lock}.wanted`, "");
        waiting = index.change(async () => ({ result: "second", changes: [] }), {
          complete: false,
        });
        return { result: "first", changes: [] };
      },
      { complete: false },
    );
    expect(await first).toBe("first");
    await expect(waiting).rejects.toMatchObject({ code: "lock-lost", path: lock });
    await index.close();
    await locks.dispose();
  });
});
