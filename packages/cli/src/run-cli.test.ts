import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-cli-")));
});

describe("the ctx frame", () => {
  it("prints help naming every command, and exits 0", async () => {
    const run = await runCtx(["--help"], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: ctx");
    for (const command of ["context", "inspect", "diff"]) expect(run.stdout).toContain(command);
    expect(run.stderr).toBe("");
  });

  it.each([
    ["context", "--personality <P>"],
    ["inspect", "--html <FILE>"],
    ["diff", "--to <KEY=VALUE>"],
  ])("prints help for ctx %s", async (command, flag) => {
    const run = await runCtx([command, "--help"], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Usage: ctx ${command}`);
    expect(run.stdout).toContain(flag);
  });

  it("prints the package's version", async () => {
    const run = await runCtx(["--version"], folder);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("refuses an unknown flag in one line, with exit code 2", async () => {
    const run = await runCtx(["context", "--bogus"], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual(["error: unknown option '--bogus'"]);
  });

  it("refuses a value outside a flag's choices with exit code 2", async () => {
    const run = await runCtx(["context", "--sandbox", "wide-open"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("wide-open");
    expect(run.stderr).toContain("read-only");
  });

  it("refuses an unknown command with exit code 2", async () => {
    const run = await runCtx(["contxt"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'contxt'");
  });

  it("reports a missing folder in one line with exit code 1, and the stack only with --debug", async () => {
    const missing = join(folder, "missing");
    const run = await runCtx(["context", missing], folder);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^ctx: .*missing.*does not exist/);
    const debug = await runCtx(["context", missing, "--debug"], folder);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain("    at ");
  });

  it("draws no colour when the output is not a terminal, even when FORCE_COLOR is set", async () => {
    const run = await runCtx(["context", "--bogus"], folder, { FORCE_COLOR: "1" });
    expect(run.stderr).not.toContain("\u001b[");
  });
});
