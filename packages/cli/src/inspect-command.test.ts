import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import type { JsonValue } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession } from "@ctx/session";
import { beforeAll, describe, expect, it } from "vitest";
import { expectLargeInspection } from "./__fixtures__/expect-large-inspection.js";
import { runCtx, runCtxInProcess } from "./__fixtures__/run-ctx.js";

const rollbackRollout = codexRolloutPath("desktop-0.144-aborted-rollback-compaction.jsonl");
const chromium = "/usr/bin/chromium";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-inspect-")));
});

interface InspectionJson {
  format: string;
  turns: number;
  items: { category: string; kind: string; turn: number }[];
  requests: { index: number; cacheBreak?: string; bytesByKind: Record<string, number> }[];
  events: { type: string; line: number; detail: string }[];
}

/** Runs `ctx inspect PATH --format json` in the test folder and reads what it printed. */
async function inspectAsJson(path: string): Promise<InspectionJson> {
  const run = await runCtxInProcess(["inspect", path, "--format", "json"], folder);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as InspectionJson;
}

describe("ctx inspect on Codex rollouts", () => {
  it("finds the compaction, the interrupted turn, the rollback and the cache breaks they cause", async () => {
    const inspection = await inspectAsJson(rollbackRollout);
    expect(inspection.format).toBe("codex");
    expect(inspection.turns).toBe(11);
    expect(inspection.events.map((event) => event.type)).toEqual([
      "compaction",
      "aborted",
      "cache-break",
      "rollback",
      "cache-break",
    ]);
    expect(inspection.events[0]?.detail).toBe("history replaced by 9 item(s)");
    const breaks = inspection.requests.filter((request) => request.cacheBreak !== undefined);
    expect(breaks.map((request) => request.cacheBreak)).toEqual([
      "after a compaction",
      "after a rollback",
    ]);
    const kinds = new Set(inspection.items.map((item) => `${item.category}/${item.kind}`));
    for (const kind of [
      "user/user_intent",
      "injected/agents_md_instructions",
      "injected/environment_context",
      "injected/permissions_instructions",
      "model/reasoning",
      "model/assistant_message",
      "tool/function_call_output",
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(inspection.requests[0]?.bytesByKind.base_instructions).toBeGreaterThan(0);
  });

  it("reads every rollout in the fixtures, and keeps user intent apart from injected context", async () => {
    const inspections = await Promise.all(
      codexRolloutNames.map((name) => inspectAsJson(codexRolloutPath(name))),
    );
    for (const inspection of inspections) {
      expect(inspection.requests.length).toBeGreaterThan(0);
      expect(inspection.items.some((item) => item.kind === "user_intent")).toBe(true);
      expect(inspection.items.some((item) => item.category === "injected")).toBe(true);
    }
  });

  it("counts turns by Codex's turn ids, or by the user's messages where older versions wrote none", async () => {
    // Codex 0.58 and 0.79 wrote a turn_context without turn_id before every request.
    const turns = await Promise.all(
      [
        "cli-0.58-env-context.jsonl",
        "cli-0.79-agents-md.jsonl",
        "desktop-0.144-subagent-fork.jsonl",
      ].map(async (name) => (await inspectAsJson(codexRolloutPath(name))).turns),
    );
    expect(turns).toEqual([1, 4, 2]);
  });

  it("prints tokens by kind, then the requests and the events", async () => {
    const run = await runCtxInProcess(["inspect", rollbackRollout], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("a Codex rollout of 1372 lines, 11 turns");
    expect(run.stdout).toMatch(/tool\s+custom_tool_call_output\s+159\s+\d+\s+\d+\s+\d+\.\d%/);
    expect(run.stdout).toMatch(/line 661\s+turn 5\s+compaction/);
    expect(run.stdout).toMatch(/rollback\s+1 turn\(s\) dropped/);
    expect(run.stdout).toContain("tokens are counted with o200k_base");
    expect(run.stdout).not.toContain("Items:");
    const items = await runCtxInProcess(["inspect", rollbackRollout, "--items"], folder);
    expect(items.stdout).toMatch(
      /Items:\n\s+line\s+turn\s+category\s+kind\s+bytes\n\s+\d+\s+\d+\s+injected/,
    );
  });
});

describe("ctx inspect on @ctx rollouts", () => {
  it("reads the JSONL store's file: turns, items by origin, a rollback", async () => {
    const directory = join(folder, "store");
    const store = createJsonlRolloutStore(directory);
    const session = await store.create({ id: "demo", cwd: folder });
    const message = (role: "user" | "assistant", text: string, origin: JsonValue) => ({
      type: "response_item",
      payload: {
        item: {
          type: "message",
          role,
          content: [{ type: role === "user" ? "input_text" : "output_text", text }],
        },
        origin,
      },
    });
    const user = (text: string) => message("user", text, { source: "user" });
    const answer = message("assistant", "Done.", { source: "model" });
    const environment = message(
      "user",
      "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>",
      { source: "context", kinds: ["environment_context"] },
    );
    await store.append({
      sessionId: session.id,
      expectedSequence: 0,
      appendId: "one",
      records: [
        { type: "turn", payload: { index: 1, model: "ctx-coder", baseInstructions: "Be useful." } },
        environment,
        user("Fix the test."),
        answer,
        { type: "turn", payload: { index: 2, model: "ctx-coder" } },
        user("Now the docs."),
        answer,
        { type: "rollback", payload: { userTurns: 1 } },
        { type: "turn", payload: { index: 3, model: "ctx-coder" } },
        user("Only the README."),
        answer,
      ],
    });
    await store.close();
    const inspection = await inspectAsJson("store/demo.jsonl");
    expect(inspection.format).toBe("ctx");
    expect(inspection.turns).toBe(3);
    expect(inspection.items.map((item) => item.kind)).toEqual([
      "environment_context",
      "user_intent",
      "assistant_message",
      "user_intent",
      "assistant_message",
      "user_intent",
      "assistant_message",
    ]);
    expect(inspection.events.map((event) => event.type)).toEqual(["rollback", "cache-break"]);
    const last = inspection.requests.at(-1);
    expect(last?.cacheBreak).toBe("after a rollback");
    expect(last?.bytesByKind).toEqual({
      base_instructions: 10,
      environment_context: 63,
      user_intent: "Fix the test.".length + "Only the README.".length,
      assistant_message: 5,
    });
  });
});

describe("ctx inspect on a rollout written by @ctx/session", () => {
  it("sees each turn's context, the user's messages, the model's answers and the rollback", async () => {
    const directory = join(folder, "sessions");
    const store = createJsonlRolloutStore(directory);
    const session = createSession({ store, sessionId: "real" });
    const turn = {
      model: "ctx-coder",
      environments: [{ id: "local", cwd: folder, shell: "bash" }],
      permissions: { sandboxMode: "read-only" as const, approvalPolicy: "never" as const },
    };
    const answer = (text: string) => [
      {
        type: "message" as const,
        role: "assistant" as const,
        content: [{ type: "output_text" as const, text }],
      },
    ];
    await session.beginTurn(turn, "Read the README.");
    await session.record(answer("It explains the CLI."));
    await session.beginTurn({ ...turn, personality: "friendly" }, "Summarise it.");
    await session.record(answer("A short summary."));
    await session.rollback(1);
    await session.beginTurn(turn, "Summarise it in one line.");
    await session.record(answer("One line."));
    await store.close();
    const inspection = await inspectAsJson("sessions/real.jsonl");
    expect(inspection.format).toBe("ctx");
    expect(inspection.turns).toBe(3);
    const kinds = inspection.items.map((item) => item.kind);
    expect(kinds.filter((kind) => kind === "user_intent")).toHaveLength(3);
    expect(kinds).toContain("permissions_instructions");
    expect(kinds).toContain("environment_context");
    expect(kinds).toContain("personality_spec");
    expect(inspection.requests).toHaveLength(3);
    expect(inspection.requests[0]?.bytesByKind.base_instructions).toBeGreaterThan(1000);
    expect(inspection.events.map((event) => event.type)).toEqual(["rollback", "cache-break"]);
  });
});

describe("ctx inspect failures", () => {
  it("reports a missing rollout in one line with exit code 1", async () => {
    const run = await runCtx(["inspect", "nowhere.jsonl"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      `ctx: cannot read ${join(folder, "nowhere.jsonl")}: ENOENT: no such file or directory, open '${join(folder, "nowhere.jsonl")}'`,
    ]);
  });

  it("refuses a file that is not a rollout", async () => {
    await writeFile(join(folder, "numbers.jsonl"), "1\n2\n");
    const run = await runCtxInProcess(["inspect", "numbers.jsonl"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a Codex or @ctx rollout (line 1)");
  });

  it("needs the rollout argument: a usage error", async () => {
    const run = await runCtxInProcess(["inspect"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required argument 'ROLLOUT'");
  });
});

describe("ctx inspect --html", () => {
  it("writes one self-contained page with the timeline, the kinds and the cache breaks", async () => {
    const run = await runCtxInProcess(
      ["inspect", rollbackRollout, "--html", "timeline.html"],
      folder,
    );
    expect(run.code).toBe(0);
    const page = await readFile(join(folder, "timeline.html"), "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script|<link|https?:\/\/|src=/i);
    expect(page).toContain("default-src 'none'");
    expect(page.match(/class="row/g)).toHaveLength(221);
    expect(page).toContain("cache break before request");
    expect(page).toContain("rollback at line 1061");
    expect(page).toContain("custom_tool_call_output");
  });

  it.skipIf(!existsSync(chromium))(
    "renders in headless Chromium (skipped where /usr/bin/chromium is missing: apt-get install chromium)",
    async () => {
      const page = join(folder, "timeline.html");
      if (!existsSync(page)) {
        await runCtxInProcess(["inspect", rollbackRollout, "--html", page], folder);
      }
      const screenshot = join(folder, "timeline.png");
      const profile = await mkdtemp(join(tmpdir(), "ctx-chromium-"));
      await new Promise<void>((resolve, reject) => {
        execFile(
          chromium,
          [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            `--user-data-dir=${profile}`,
            "--window-size=1200,1600",
            `--screenshot=${screenshot}`,
            `file://${page}`,
          ],
          { timeout: 60_000 },
          (error) => (error === null ? resolve() : reject(error)),
        );
      });
      const png = await readFile(screenshot);
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect((await stat(screenshot)).size).toBeGreaterThan(20_000);
    },
    90_000,
  );
});

describe("ctx inspect on a large rollout", () => {
  // 40,000 turns (240,002 items) in inspect-command.soak.test.ts.
  // Two runs of `ctx` in this process, counting every text with o200k_base: more than the
  // shared 30 s on a machine shared by many.
  it("reports 9,602 items right, read as a stream, and cuts the timeline with a note", async () => {
    await expectLargeInspection(1_600);
  }, 90_000);
});
