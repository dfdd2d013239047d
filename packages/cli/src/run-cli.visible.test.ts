import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { controlOtherThanNewline, hostileText, ownSequences } from "./__fixtures__/hostile-text.js";
import { type CtxRun, runCtx } from "./__fixtures__/run-ctx.js";
import { runCli } from "./run-cli.js";

// A shared transcript, a cloned repository or a settings file is text someone else wrote: none of
// it may reach the terminal as a control character, whatever command shows it.
let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-visible-")));
});

/** The fields of a transcript `ctx inspect` shows, each a text a test picks. */
interface Fields {
  readonly id: string;
  readonly cwd: string;
  readonly version: string;
  readonly model: string;
  readonly agent: string;
  readonly writer: string;
  readonly trigger: string;
  readonly text: string;
}

const fields = fc.record<Fields>({
  id: hostileText,
  cwd: hostileText,
  version: hostileText,
  model: hostileText,
  agent: hostileText,
  writer: hostileText,
  trigger: hostileText,
  text: hostileText,
});

const plain: Fields = {
  id: "s",
  cwd: "/",
  version: "1",
  model: "m",
  agent: "a",
  writer: "w",
  trigger: "auto",
  text: "t",
};

function codexRollout(fields: Fields): string {
  const message = (role: string, type: string) => ({
    type: "response_item",
    payload: { type: "message", role, content: [{ type, text: fields.text }] },
  });
  return [
    {
      type: "session_meta",
      payload: {
        id: fields.id,
        cwd: fields.cwd,
        originator: fields.writer,
        cli_version: fields.version,
        forked_from_id: fields.trigger,
        agent_path: fields.agent,
      },
    },
    { type: "turn_context", payload: { turn_id: "1", model: fields.model } },
    { type: "event_msg", payload: { type: "user_message", message: fields.text } },
    message("user", "input_text"),
    message("assistant", "output_text"),
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");
}

function claudeTranscript(fields: Fields): string {
  const facts = { sessionId: fields.id, cwd: fields.cwd, version: fields.version };
  return [
    { ...facts, type: "user", uuid: "1", message: { role: "user", content: fields.text } },
    {
      ...facts,
      type: "assistant",
      uuid: "2",
      message: { id: "m1", model: fields.model, content: [{ type: "text", text: fields.text }] },
    },
    {
      ...facts,
      type: "system",
      subtype: "compact_boundary",
      uuid: "3",
      compactMetadata: { trigger: fields.trigger, preTokens: 1 },
    },
    { ...facts, type: "user", uuid: "4", isCompactSummary: true, message: { content: "s" } },
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");
}

let written = 0;
async function inspect(rollout: string, args: readonly string[]): Promise<CtxRun> {
  written += 1;
  const path = join(folder, `rollout-${written}.jsonl`);
  await writeFile(path, `${rollout}\n`);
  return runCtx(["inspect", path, ...args], folder);
}

describe("what ctx shows on a terminal", () => {
  it.each([
    ["a Codex rollout", codexRollout],
    ["a Claude Code transcript", claudeTranscript],
  ])("escapes every control character of %s's fields in inspect's text", async (_name, write) => {
    const baseline = await inspect(write(plain), ["--items"]);
    expect(baseline.code).toBe(0);
    await fc.assert(
      fc.asyncProperty(fields, async (picked) => {
        const run = await inspect(write(picked), ["--items"]);
        expect(run.code).toBe(0);
        expect(run.stdout).not.toMatch(controlOtherThanNewline);
        expect(run.stderr).not.toMatch(controlOtherThanNewline);
        // No field adds a line: each stays on the one line it is shown on.
        expect(run.stdout.split("\n")).toHaveLength(baseline.stdout.split("\n").length);
      }),
      { numRuns: 25 },
    );
  });

  it("draws only its own colours on a terminal", async () => {
    const path = join(folder, "coloured.jsonl");
    await writeFile(path, `${codexRollout({ ...plain, cwd: "\u001b]52;c;aGk=\u0007/home" })}\n`);
    const output: string[] = [];
    const terminal = { isTTY: true, write: (text: string) => output.push(text) > 0 };
    const code = await runCli(["inspect", path], {
      stdout: terminal,
      stderr: terminal,
      env: { HOME: folder },
      cwd: folder,
    });
    expect(code).toBe(0);
    const shown = output.join("");
    expect(shown).toContain("\u001b[1m");
    expect(shown).toContain("\\u001b]52;c;aGk=\\u0007/home");
    expect(shown.replace(ownSequences, "")).not.toMatch(controlOtherThanNewline);
  });

  it("escapes them in an error naming a file", async () => {
    const run = await runCtx(["inspect", "\u001b[2Jmissing\u0007.jsonl"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("\\u001b[2Jmissing\\u0007.jsonl");
    expect(run.stderr).not.toMatch(controlOtherThanNewline);
  });

  it("escapes them in the text of a block ctx context shows, keeping its lines", async () => {
    const project = join(folder, "project");
    await mkdir(join(project, ".git"), { recursive: true });
    await writeFile(
      join(project, "AGENTS.md"),
      "Line one\u001b]0;owned\u0007\n\tLine two\u009b2J\n",
    );
    const shown = await runCtx(["context", "--show", "agents_md_instructions"], project);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("Line one\\u001b]0;owned\\u0007\n\tLine two\\u009b2J\n");
    const table = await runCtx(["context", join(project, "\u001b[2J")], folder);
    expect(table.stderr).toContain("\\u001b[2J");
    expect(`${table.stdout}${table.stderr}`.replaceAll("\t", "")).not.toMatch(
      controlOtherThanNewline,
    );
  });

  it("escapes them in the sessions it lists, a folder's name and a session's id included", async () => {
    const project = join(folder, "repo\u001b]0;owned\u0007");
    const sessions = join(folder, "codex", "sessions", "2026", "07", "13");
    await mkdir(project, { recursive: true });
    await mkdir(sessions, { recursive: true });
    await writeFile(
      join(sessions, "rollout-2026-07-13T10-00-00-a.jsonl"),
      `${codexRollout({ ...plain, id: "\u001b[2J\u009b3J", cwd: project })}\n`,
    );
    const run = await runCtx([], project, { CODEX_HOME: join(folder, "codex") });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("\\u001b[2J\\u009b3J");
    expect(run.stdout).toContain("repo\\u001b]0;owned\\u0007");
    expect(run.stdout).not.toMatch(controlOtherThanNewline);
  });
});
