import { mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeTranscriptPath } from "@ctx/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { type CtxRun, runCtx } from "./__fixtures__/run-ctx.js";

const transcript = (name: string) => claudeCodeTranscriptPath(`${name}.jsonl`);
const coverage = transcript("coverage-test-fix");
const toolHeavy = transcript("tool-heavy");
const compaction = transcript("compaction-excerpt");

interface Usage {
  input: number;
  cached: number;
  output: number;
  reasoning: number;
}

interface InspectionJson {
  format: string;
  turns: number;
  session: Record<string, unknown>;
  items: { line: number; category: string; kind: string; tokens: number }[];
  requests: {
    index: number;
    line: number;
    tokens: number;
    tokensByKind: Record<string, number>;
    reported?: Usage;
    cacheBreak?: string;
  }[];
  reported?: Usage & { reports: number };
  events: { type: string; line: number; detail: string }[];
  warnings: { code: string; message: string }[];
}

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-inspect-claude-")));
});

const runs = new Map<string, Promise<CtxRun>>();

/** `ctx inspect` with `args`, run once per set of arguments (counting tokens is the cost). */
function inspectOnce(args: readonly string[]): Promise<CtxRun> {
  const key = JSON.stringify(args);
  const run = runs.get(key) ?? runCtx(args, folder);
  runs.set(key, run);
  return run;
}

async function inspectAsJson(path: string): Promise<InspectionJson> {
  const run = await inspectOnce(["inspect", path, "--format", "json"]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as InspectionJson;
}

describe("ctx inspect on Claude Code transcripts", () => {
  it("knows the format without being told, and names the session as Claude Code recorded it", async () => {
    const run = await inspectOnce(["inspect", toolHeavy]);
    expect(run.code).toBe(0);
    const [header] = run.stdout.split("\n\n");
    expect(header?.split("\n")).toEqual([
      `${toolHeavy}: a Claude Code transcript of 39 lines, 3 turns, 4 model requests`,
      "  session     d6e0bada-1959-4eec-a9d2-0bfade768d8f",
      "  model       claude-opus-4-6",
      "  cwd         /home/marco/projects/spotter",
      "  written by  Claude Code 2.1.38",
    ]);
    expect(run.stdout).toContain("holds neither the system prompt nor the tool definitions");
    expect(run.stdout).toMatch(/line 18\s+turn 1\s+aborted/);
    expect(run.stdout).toMatch(/line 39\s+turn 3\s+aborted/);
  });

  it("counts as the user's only what the person typed: hook feedback and reminders are Claude Code's", async () => {
    const inspection = await inspectAsJson(coverage);
    expect(inspection.format).toBe("claude");
    const lines = (kind: string) =>
      inspection.items.filter((item) => item.kind === kind).map((item) => item.line);
    expect(lines("user_intent")).toEqual([2]);
    // The stop hook's feedback, sent in the user's place (isMeta).
    expect(lines("meta_message")).toEqual([16, 26]);
    // The reminders Claude Code appends to what the Read tool returned.
    expect(lines("system_reminder")).toEqual([8, 9, 31]);
    const categories = new Set(
      inspection.items
        .filter((item) => item.kind === "system_reminder")
        .map((item) => item.category),
    );
    expect(categories).toEqual(new Set(["injected"]));
    expect(lines("tool_result")).toHaveLength(13);
    expect(inspection.turns).toBe(1);
  });

  it("sends a message's blocks as one request, with its usage counted once from the fullest copy", async () => {
    const inspection = await inspectAsJson(toolHeavy);
    expect(inspection.requests.map((request) => request.line)).toEqual([5, 12, 27, 34]);
    // Message 5jdsym spans lines 34 and 37, a tool result between; line 37 reports 173 output
    // tokens where line 34 reported 25.
    expect(inspection.requests[3]?.reported).toEqual({
      input: 47 + 1115 + 26504,
      cached: 26504,
      output: 173,
      reasoning: 0,
    });
    const sum = (field: keyof Usage) =>
      inspection.requests.reduce((total, each) => total + (each.reported?.[field] ?? 0), 0);
    expect(inspection.reported).toEqual({
      input: sum("input"),
      cached: sum("cached"),
      output: sum("output"),
      reasoning: 0,
      reports: 4,
    });
    const text = await inspectOnce(["inspect", toolHeavy]);
    expect(text.stdout).toMatch(/\n\s+4\s+34\s+3\s+\d+\s+27666\s+26504\s+173\s+0\n/);
  });

  it("replaces the history with the summary at a compaction, and counts thinking signatures as opaque", async () => {
    const inspection = await inspectAsJson(compaction);
    expect(inspection.events.map((event) => [event.type, event.line])).toEqual([
      ["compaction", 13],
      ["cache-break", 19],
    ]);
    expect(inspection.events[0]?.detail).toContain("(auto compaction, 170251 tokens before)");
    const summary = inspection.items.find((item) => item.kind === "compaction_summary");
    expect(summary).toMatchObject({ line: 14, category: "injected" });
    // The first request after the compaction sends the summary and nothing from before it.
    expect(inspection.requests[1]?.tokensByKind).toEqual({ compaction_summary: summary?.tokens });
    expect(inspection.requests[1]?.cacheBreak).toMatch(
      /^after a compaction: up to [\d,]+ tokens at stake/,
    );
    const signature = inspection.items.find((item) => item.kind === "thinking_signature");
    expect(signature).toMatchObject({ category: "model", tokens: 0, opaque: true });
  });

  it("writes the HTML timeline of a transcript, with the reported usage and the compaction", async () => {
    const run = await runCtx(["inspect", compaction, "--html", "claude.html"], folder);
    expect(run.code).toBe(0);
    const page = await readFile(join(folder, "claude.html"), "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("A Claude Code transcript: 38 lines, 0 turns, 4 model requests");
    expect(page).toContain('title="reported 36081 in (21478 cached), 639 out (0 reasoning)"');
    expect(page).toContain("compaction_summary");
    expect(page).toContain("Claude Code compacted the conversation");
  });

  it("skips a record that does not fit with a warning naming its line and field, and reads on", async () => {
    const lines = (await readFile(toolHeavy, "utf8")).split("\n");
    lines.splice(4, 0, JSON.stringify({ type: "user", sessionId: "s", message: { content: 42 } }));
    await writeFile(join(folder, "unfit.jsonl"), lines.join("\n"));
    const run = await runCtx(["inspect", "unfit.jsonl", "--format", "json"], folder);
    expect(run.code).toBe(0);
    const inspection = JSON.parse(run.stdout) as InspectionJson;
    expect(inspection.warnings).toEqual([
      {
        code: "line-does-not-fit",
        message: expect.stringMatching(
          /^line 5 was skipped: a Claude Code user record whose message\.content does not fit \(.+\)$/,
        ),
      },
    ]);
    expect(inspection.requests).toHaveLength(4);
  });
});
