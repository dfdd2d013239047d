import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPrefix } from "../__fixtures__/read-prefix.js";
import { createNodeFileSystem } from "./node-file-system.js";
import { blockingFunctions, callbackFunctions } from "./node-functions.js";

let scratch = "";
beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-functions-")));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

type FsModule = Record<string, unknown>;

/** Counts, by name, the calls into `node:fs` while `run` runs (the ESM bindings see the patch). */
async function namesCalled(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const module = createRequire(import.meta.url)("node:fs") as FsModule;
  const counts: Record<string, number> = {};
  const saved = new Map<string, unknown>();
  const count = (name: string, call: (...values: unknown[]) => unknown) =>
    function (this: unknown, ...values: unknown[]) {
      counts[name] = (counts[name] ?? 0) + 1;
      return call.apply(this, values);
    };
  for (const name of ["stat", "readdir", "open", "fstat", "read", "close", "realpath"]) {
    for (const variant of [name, `${name}Sync`]) {
      const original = module[variant] as ((...values: unknown[]) => unknown) & FsModule;
      saved.set(variant, original);
      module[variant] = Object.assign(count(variant, original), {
        native: count(`${variant}.native`, original.native as (...values: unknown[]) => unknown),
      });
    }
  }
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    for (const [name, original] of saved) module[name] = original;
    syncBuiltinESMExports();
  }
  return counts;
}

/** One of each call discovery makes: a listing, a stat, a real path and a read. */
async function useEveryCall(blocking: boolean): Promise<void> {
  const fs = createNodeFileSystem({ blocking });
  await fs.readdir(scratch, { maxEntries: 8 });
  await fs.stat(join(scratch, "AGENTS.md"));
  await fs.realpath(scratch);
  await readPrefix(fs, join(scratch, "AGENTS.md"), 64);
}

describe("the functions of node:fs the Node file system calls", () => {
  it("answer at once when blocking, and with a promise otherwise", async () => {
    const answered = blockingFunctions().stat(scratch);
    expect(answered).not.toBeInstanceOf(Promise);
    const promised = callbackFunctions().stat(scratch);
    expect(promised).toBeInstanceOf(Promise);
    expect((await promised).ino).toBe((answered as Awaited<typeof promised>).ino);
  });

  it("are the blocking ones with blocking: true, each call made once, as the callback ones are otherwise", async () => {
    await writeFile(join(scratch, "AGENTS.md"), "rules");
    const callbacks = await namesCalled(() => useEveryCall(false));
    const blocking = await namesCalled(() => useEveryCall(true));
    const calls = {
      readdir: 1,
      stat: 1,
      "realpath.native": 1,
      open: 1,
      fstat: 1,
      read: 1,
      close: 1,
    };
    expect(callbacks).toEqual(calls);
    expect(blocking).toEqual(
      Object.fromEntries(
        Object.entries(calls).map(([name, times]) => [name.replace(/^(\w+)/, "$1Sync"), times]),
      ),
    );
  });
});
