import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodexConfigError } from "../codex-config-error.js";
import { readCodexConfig } from "../read-codex-config.js";
import { createNodeFileSystem } from "./index.js";

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "codex-config-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function codeOf(home: string): Promise<string> {
  const error = await readCodexConfig({ home, cwd: scratch, fs: createNodeFileSystem() }).then(
    () => "read",
    (caught: unknown) => (CodexConfigError.isInstance(caught) ? caught.code : String(caught)),
  );
  return error;
}

describe("readCodexConfig on Node's file system", () => {
  it("refuses a config.toml that links to /dev/zero without reading it", async () => {
    const home = join(scratch, "zero");
    await mkdir(home);
    await symlink("/dev/zero", join(home, "config.toml"));
    expect(await codeOf(home)).toBe("not-a-file");
  });

  it("refuses a FIFO without waiting for a writer", async () => {
    const home = join(scratch, "fifo");
    await mkdir(home);
    execFileSync("mkfifo", [join(home, "config.toml")]);
    expect(await codeOf(home)).toBe("not-a-file");
  });

  it("reads a real file with its lines", async () => {
    const home = join(scratch, "real");
    await mkdir(home);
    await writeFile(join(home, "config.toml"), '\nmodel = "gpt-5.5"\n');
    const config = await readCodexConfig({ home, cwd: scratch, fs: createNodeFileSystem() });
    expect(config.values.find((value) => value.key === "model")?.source).toEqual({
      kind: "file",
      path: join(home, "config.toml"),
      line: 2,
    });
  });
});
