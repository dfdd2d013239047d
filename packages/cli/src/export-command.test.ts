import { mkdtemp, readFile, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRolloutPath } from "@ctx/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-export-")));
  const rollout = codexRolloutPath("cli-0.79-agents-md.jsonl");
  await runCtx(["import", rollout, "--store", "sessions", "--session", "there"], folder);
});

describe("ctx export", () => {
  it("writes a session as a Codex rollout under CODEX_HOME, and says how to continue it", async () => {
    const run = await runCtx(["export", "there", "--store", "sessions"], folder, {
      CODEX_HOME: join(folder, "codex"),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [, path, thread] =
      /^Wrote (.+)\.\nContinue it in Codex with: codex exec resume (\S+)\n$/.exec(run.stdout) ?? [];
    expect(path).toMatch(
      new RegExp(
        `^${join(folder, "codex", "sessions")}/\\d{4}/\\d{2}/\\d{2}/rollout-.*-${thread}\\.jsonl$`,
      ),
    );
    const lines = (await readFile(path ?? "", "utf8"))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ type: "session_meta", payload: { id: thread } });
    // The four messages the user typed in the original rollout are logged as typed again.
    const typed = lines.filter((line) => line.payload.type === "user_message");
    expect(typed).toHaveLength(4);
  });

  it("keeps the Windows folder a Codex Desktop session ran in", async () => {
    const rollout = codexRolloutPath("desktop-0.144-model-switch-compaction.jsonl");
    await runCtx(["import", rollout, "--store", "sessions", "--session", "windows"], folder);
    const run = await runCtx(
      ["export", "windows", "--store", "sessions", "--codex-home", "codex"],
      folder,
    );
    expect(run.code).toBe(0);
    const path = /^Wrote (.+)\.\n/.exec(run.stdout)?.[1] ?? "";
    const [meta] = (await readFile(path, "utf8")).split("\n");
    expect(JSON.parse(meta ?? "{}").payload.cwd).toMatch(/^[A-Z]:\\/);
  });

  it("refuses a session the store does not hold", async () => {
    const run = await runCtx(
      ["export", "absent", "--store", "sessions", "--codex-home", "codex"],
      folder,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: there is no session absent in ${join(folder, "sessions")}\n`);
  });
});
