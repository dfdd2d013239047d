import { mkdir, mkdtemp, readFile, realpath, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeTranscriptPath, codexRolloutPath } from "@ctx/fixtures";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

/** Copies a real Codex rollout into `home`'s sessions on `day`, as started in `cwd`. */
async function codexRollout(home: string, day: string, name: string, cwd: string, at: Date) {
  const folder = join(home, "sessions", ...day.split("-"));
  await mkdir(folder, { recursive: true });
  const [meta = "", ...rest] = (await readFile(codexRolloutPath(name), "utf8")).split("\n");
  const first = JSON.parse(meta) as { payload: { cwd: string } };
  first.payload.cwd = cwd;
  const path = join(folder, `rollout-${day}T10-00-00-${name}`);
  await writeFile(path, [JSON.stringify(first), ...rest].join("\n"));
  await utimes(path, at, at);
  return path;
}

/** Copies a real Claude Code transcript to `path`, every record's folder made `cwd`. */
async function claudeTranscript(path: string, cwd: string, at: Date) {
  const fixture = claudeCodeTranscriptPath("tool-heavy.jsonl");
  const text = await readFile(fixture, "utf8");
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(
    path,
    text.replaceAll('"cwd":"/home/marco/projects/spotter"', `"cwd":${JSON.stringify(cwd)}`),
  );
  await utimes(path, at, at);
}

describe("ctx without a command", () => {
  it("lists the folder's Codex and @ctx sessions, newest first, and no other folder's", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-sessions-")));
    const project = join(root, "project");
    const home = join(root, "codex");
    await mkdir(project);
    const older = await codexRollout(
      home,
      "2026-07-12",
      "desktop-0.144-subagent-fork.jsonl",
      project,
      new Date("2026-07-12T10:00:00Z"),
    );
    const newer = await codexRollout(
      home,
      "2026-07-13",
      "cli-0.58-env-context.jsonl",
      project,
      new Date("2026-07-13T10:00:00Z"),
    );
    await codexRollout(
      home,
      "2026-07-13",
      "cli-0.79-agents-md.jsonl",
      join(root, "elsewhere"),
      new Date("2026-07-13T11:00:00Z"),
    );
    const storeFolder = join(root, "store");
    const store = createJsonlRolloutStore(storeFolder);
    const session = createSession({ store, sessionId: "ours" });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: project, shell: "bash" }] },
      "Hello.",
    );
    await store.close();
    const run = await runCtx([], project, { CODEX_HOME: home, CTX_SESSIONS: "../store" });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const rows = run.stdout.split("\n").filter((line) => /^\s+\d{4}-/.test(line));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(new RegExp(`@ctx\\s+ours\\s+${join(storeFolder, "ours.jsonl")}$`));
    expect(rows[1]).toMatch(
      new RegExp(
        `^\\s+2026-07-13 10:00:00\\s+Codex\\s+019a93b9-f380-7600-98ff-940e6b99603c\\s+${newer}$`,
      ),
    );
    expect(rows[2]).toMatch(
      new RegExp(`^\\s+2026-07-12 10:00:00\\s+Codex\\s+019f5c38-cac3\\S+\\s+${older}$`),
    );
    expect(run.stdout).toContain("Look into one with: ctx inspect PATH");
    const inspect = await runCtx(["inspect", newer, "--format", "json"], project);
    expect(inspect.code).toBe(0);
  });

  it("lists the folder's Claude Code sessions from ~/.claude/projects, and none of another folder that shares the name", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-sessions-")));
    const project = join(root, "my_app");
    await mkdir(project);
    const projects = join(root, ".claude", "projects");
    const folder = join(projects, project.replace(/[^A-Za-z0-9]/g, "-"));
    const ours = join(folder, "d6e0bada-1959-4eec-a9d2-0bfade768d8f.jsonl");
    await claudeTranscript(ours, project, new Date("2026-02-10T09:00:00Z"));
    // my-app's name is my_app's too; its records say whose it is.
    await claudeTranscript(
      join(folder, "0a6afc57-2f31-4cb4-8ff0-01247f50c64c.jsonl"),
      join(root, "my-app"),
      new Date("2026-02-11T09:00:00Z"),
    );
    await claudeTranscript(join(folder, "agent-a748733.jsonl"), project, new Date());
    const run = await runCtx([], project, { HOME: root, CODEX_HOME: join(root, "codex") });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const rows = run.stdout.split("\n").filter((line) => /^\s+\d{4}-/.test(line));
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\s+2026-02-10 09:00:00\\s+Claude Code\\s+d6e0bada-1959-4eec-a9d2-0bfade768d8f\\s+${ours}$`,
        ),
      ),
    ]);
    const inspect = await runCtx(["inspect", ours, "--format", "json"], project);
    expect(inspect.code).toBe(0);
    expect((JSON.parse(inspect.stdout) as { session: { cwd: string } }).session.cwd).toBe(project);
  });

  it("says where it looked when the folder has no sessions, and refuses an unknown command with the one it was likely meant as", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-sessions-")));
    const run = await runCtx([], root, { CODEX_HOME: join(root, "codex") });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `No sessions of ${root} in ${join(root, "codex", "sessions")} and ${join(root, ".claude", "projects", root.replace(/[^A-Za-z0-9]/g, "-"))}. Run ctx --help for the commands.\n`,
    );
    const wrong = await runCtx(["contxt"], root);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe("error: unknown command 'contxt' (did you mean context?)\n");
  });
});
