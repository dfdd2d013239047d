import { mkdtemp, realpath, writeFile } from "node:fs/promises";
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

  it("prints help for ctx help, and for ctx help COMMAND, as --help does", async () => {
    const help = await runCtx(["help"], folder);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runCtx(["--help"], folder)).stdout);
    expect(help.stdout).toContain("help [COMMAND]");
    expect(help.stdout).toContain("Without a command, ctx lists the recent sessions");
    const inspect = await runCtx(["help", "inspect"], folder);
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toBe((await runCtx(["inspect", "--help"], folder)).stdout);
  });

  it.each([
    [["contxt"], "unknown command 'contxt' (did you mean context?)"],
    [["--debug", "inspct", "x.jsonl"], "unknown command 'inspct' (did you mean inspect?)"],
    [["context", "--formt", "json"], "unknown option '--formt' (did you mean --format?)"],
    [["diff", "--form", "a=b"], "unknown option '--form' (did you mean --from?)"],
    [["help", "inspcet"], "unknown command 'inspcet' (did you mean inspect?)"],
  ])(
    "refuses a mistyped %j in one line naming what was likely meant, with exit code 2",
    async (args, message) => {
      const run = await runCtx(args, folder);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`error: ${message}\n`);
    },
  );

  it.each([
    [["context", "--bogus"]],
    [["context", "--sandbox", "wide-open"]],
    [["inspect"]],
    [["inspect", "missing.jsonl"]],
    [["diff"]],
    [["context", "missing"]],
  ])("reports every error of %j in the one style: one line opening with error:", async (args) => {
    const run = await runCtx(args, folder);
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
  });

  it.each([
    [
      "inspect a missing file",
      ["inspect", "missing.jsonl"],
      "{folder}/missing.jsonl does not exist",
    ],
    ["inspect a folder", ["inspect", "."], "{folder} is a folder, not a file"],
    [
      "inspect below a file",
      ["inspect", "file.txt/x"],
      "cannot read {folder}/file.txt/x: a part of its path is a file, not a folder",
    ],
    ["read tools from a folder", ["context", "--tools", "."], "{folder} is a folder, not a file"],
    [
      "read settings that are missing",
      ["diff", "missing.json", "--to", "model=x"],
      "{folder}/missing.json does not exist",
    ],
    [
      "look at a missing folder",
      ["context", "missing"],
      "the folder {folder}/missing does not exist",
    ],
    [
      "look at a file as a folder",
      ["context", "file.txt"],
      "{folder}/file.txt is a file, not a folder",
    ],
  ])("says in a plain sentence naming the path when it cannot %s", async (_what, args, message) => {
    await writeFile(join(folder, "file.txt"), "text\n");
    const run = await runCtx(args, folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: ${message.replaceAll("{folder}", folder)}\n`);
  });

  it("names no library option in its warnings: an unknown model points to the models ctx knows", async () => {
    const context = await runCtx(["context", "--model", "gpt-9", "--no-config"], folder);
    const diff = await runCtx(["diff", "--to", "model=gpt-9"], folder);
    for (const run of [context, diff]) {
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        'warning: the model "gpt-9" is not one ctx knows, so the catalog\'s fallback instructions are shown for it (ctx context --help lists the models it knows)',
      );
      expect(run.stdout).not.toContain("createSession");
    }
  });

  it("reports a missing folder in one line with exit code 1, and the stack only with --debug", async () => {
    const missing = join(folder, "missing");
    const run = await runCtx(["context", missing], folder);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toBe(`error: the folder ${missing} does not exist\n`);
    const debug = await runCtx(["context", missing, "--debug"], folder);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain("    at ");
  });

  it("draws no colour when the output is not a terminal, even when FORCE_COLOR is set", async () => {
    const run = await runCtx(["context", "--bogus"], folder, { FORCE_COLOR: "1" });
    expect(run.stderr).not.toContain("\u001b[");
  });
});
