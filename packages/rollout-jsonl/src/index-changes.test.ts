import { unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { createFileLocks } from "./file-lock.js";
import { createIndexChanges } from "./index-changes.js";
import { createLoadedIndex } from "./loaded-index.js";

describe("createIndexChanges", () => {
  const folder = useTemporaryFolder("ctx-session-index-");

  it("rejects the changes still waiting with lock-lost when its lock vanished while held", async () => {
    const locks = createFileLocks(folder());
    const lock = join(folder(), ".index.lock");
    const loaded = createLoadedIndex(join(folder(), ".index.jsonl"));
    const index = createIndexChanges({
      path: join(folder(), ".index.jsonl"),
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
