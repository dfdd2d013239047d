import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, loadDefaultTokenizer, runTurn } from "@ctx/session";
import { beforeAll, describe, expect, it } from "vitest";
import { answerRecord, messageRecord, userRecord } from "./__fixtures__/ctx-records.js";
import { expectLargeInspection } from "./__fixtures__/expect-large-inspection.js";
import { type CtxRun, runCtx } from "./__fixtures__/run-ctx.js";

const rollbackRollout = codexRolloutPath("desktop-0.144-aborted-rollback-compaction.jsonl");
const chromium = "/usr/bin/chromium";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-inspect-")));
});

const runs = new Map<string, Promise<CtxRun>>();

/**
 * `ctx inspect` with `args`, run in this process once per set of arguments: the tests read the
 * same fixtures many ways, and counting their tokens is most of the cost.
 */
function inspectOnce(args: readonly string[], cwd: string): Promise<CtxRun> {
  const key = JSON.stringify([args, cwd]);
  const run = runs.get(key) ?? runCtx(args, cwd);
  runs.set(key, run);
  return run;
}

interface InspectionJson {
  format: string;
  turns: number;
  items: { category: string; kind: string; turn: number }[];
  requests: {
    index: number;
    tokens: number;
    cacheBreak?: string;
    cacheStake?: { tokens: number };
    bytesByKind: Record<string, number>;
  }[];
  events: { type: string; line: number; detail: string }[];
}

/** Runs `ctx inspect PATH --format json` in the test folder and reads what it printed. */
async function inspectAsJson(path: string): Promise<InspectionJson> {
  const run = await inspectOnce(["inspect", path, "--format", "json"], folder);
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
    expect(breaks.map((request) => request.cacheBreak?.split(":")[0])).toEqual([
      "after a compaction",
      "after a rollback",
    ]);
    // Each break puts the request before it at stake, priced where the catalog knows the model.
    for (const request of breaks) {
      const before = inspection.requests.find((other) => other.index === request.index - 1);
      expect(request.cacheStake?.tokens).toBe(before?.tokens);
      expect(request.cacheBreak).toContain(
        `up to ${before?.tokens.toLocaleString("en-US")} tokens at stake`,
      );
    }
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
    const run = await inspectOnce(["inspect", rollbackRollout], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("a Codex rollout of 1372 lines, 11 turns");
    expect(run.stdout).toMatch(/tool\s+custom_tool_call_output\s+159\s+\d+\s+\d+\s+\d+\.\d%/);
    expect(run.stdout).toMatch(/line 661\s+turn 5\s+compaction/);
    expect(run.stdout).toMatch(/rollback\s+1 turn\(s\) dropped/);
    expect(run.stdout).toContain("tokens are counted with o200k_base");
    expect(run.stdout).not.toContain("Items:");
    // The item table on the smallest fixture: a second count of the 2 MB one took most of this
    // test's time on a loaded machine.
    const fork = codexRolloutPath("desktop-0.144-subagent-fork.jsonl");
    const items = await runCtx(["inspect", fork, "--items"], folder);
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
    const environment = messageRecord(
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
        userRecord("Fix the test."),
        answerRecord,
        { type: "turn", payload: { index: 2, model: "ctx-coder" } },
        userRecord("Now the docs."),
        answerRecord,
        { type: "rollback", payload: { userTurns: 1 } },
        { type: "turn", payload: { index: 3, model: "ctx-coder" } },
        userRecord("Only the README."),
        answerRecord,
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
    expect(last?.cacheBreak).toMatch(/^after a rollback: up to [\d,]+ tokens at stake$/);
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
      `error: ${join(folder, "nowhere.jsonl")} does not exist`,
    ]);
  });

  it("refuses a file that is not a rollout", async () => {
    await writeFile(join(folder, "numbers.jsonl"), "1\n2\n");
    const run = await runCtx(["inspect", "numbers.jsonl"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a Codex, Claude Code, pi or @ctx session (line 1)");
  });

  it("needs the rollout argument: a usage error", async () => {
    const run = await runCtx(["inspect"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required argument 'ROLLOUT'");
  });
});

describe("ctx inspect --html", () => {
  it("writes one self-contained page with the timeline, the kinds and the cache breaks", async () => {
    const run = await runCtx(["inspect", rollbackRollout, "--html", "timeline.html"], folder);
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
        await runCtx(["inspect", rollbackRollout, "--html", page], folder);
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

interface TruthJson {
  session: Record<string, unknown>;
  tokenizer: string;
  reported?: { input: number; cached: number; output: number; reasoning: number; reports: number };
  items: { kind: string; category: string; bytes: number; tokens: number; opaque?: true }[];
  totals: { kind: string; tokens: number; bytes: number; opaque: boolean }[];
  requests: {
    index: number;
    tokens: number;
    reported?: { input: number; cached: number; output: number; reasoning: number };
  }[];
  events: { type: string; line: number; detail: string }[];
  warnings: { code: string; message: string }[];
}

/** `ctx inspect PATH --format json ...flags`, run in this process, parsed. */
async function inspectTruth(path: string, flags: readonly string[] = []): Promise<TruthJson> {
  const run = await inspectOnce(["inspect", path, "--format", "json", ...flags], folder);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as TruthJson;
}

/** Writes `lines` as a JSONL file in the test folder and returns its name. */
async function writeRollout(name: string, lines: readonly object[]): Promise<string> {
  await writeFile(join(folder, name), `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return name;
}

const userMessage = (text: string) => ({
  type: "response_item",
  payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
});
const pasted = "<environment_context>\n  <cwd>/pasted</cwd>\n</environment_context>";

describe("ctx inspect reads who wrote each message from the rollout", () => {
  it("counts as the user's exactly the messages Codex logged as typed, in every fixture", async () => {
    for (const name of codexRolloutNames) {
      const text = await readFile(codexRolloutPath(name), "utf8");
      const typed = text
        .split("\n")
        .filter((line) => line.includes('"type":"event_msg"') && line.includes('"user_message"'));
      const inspection = await inspectTruth(codexRolloutPath(name));
      const users = inspection.items.filter((item) => item.kind === "user_intent");
      expect(users.length, name).toBe(typed.length);
    }
  });

  it("keeps a pasted <environment_context> the user's in a Codex rollout, and an unlogged message injected", async () => {
    const name = await writeRollout("pasted.jsonl", [
      { type: "session_meta", payload: { id: "pasted", cwd: "/repo" } },
      userMessage("<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"),
      userMessage(pasted),
      { type: "event_msg", payload: { type: "user_message", message: pasted } },
      userMessage("Injected without a marker."),
      { type: "response_item", payload: { type: "reasoning", summary: [] } },
    ]);
    const inspection = await inspectTruth(name);
    expect(inspection.items.map((item) => `${item.category}/${item.kind}`)).toEqual([
      "injected/environment_context",
      "user/user_intent",
      "injected/unmarked_context",
      "model/reasoning",
    ]);
  });

  it("takes the origin @ctx/session recorded: a typed fragment stays the user's", async () => {
    const store = createJsonlRolloutStore(join(folder, "typed"));
    const session = createSession({ store, sessionId: "typed" });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: folder, shell: "bash" }] },
      pasted,
    );
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Noted." }] },
    ]);
    await store.close();
    const inspection = await inspectTruth("typed/typed.jsonl");
    const byKind = inspection.items.map((item) => `${item.category}/${item.kind}`);
    expect(byKind).toContain("injected/environment_context");
    expect(byKind.filter((kind) => kind === "user/user_intent")).toHaveLength(1);
    const typed = inspection.items.find((item) => item.kind === "user_intent");
    expect(typed?.tokens).toBe((await loadDefaultTokenizer()).count(pasted));
    expect(inspection.session).toMatchObject({ id: "typed", cwd: folder, models: ["ctx-coder"] });
  });
});

describe("ctx inspect counts what was sent, and what the provider reported", () => {
  it("shows Codex's reported usage beside the o200k_base count, per request and in total", async () => {
    const path = codexRolloutPath("desktop-0.144-model-switch-compaction.jsonl");
    const inspection = await inspectTruth(path);
    expect(inspection.tokenizer).toBe("o200k_base");
    const request = inspection.requests[16];
    expect(request?.index).toBe(17);
    expect(request?.reported).toEqual({ input: 23158, cached: 19200, output: 1494, reasoning: 0 });
    expect(request?.tokens).toBeGreaterThan(10_000);
    const sum = (field: "input" | "cached" | "output" | "reasoning") =>
      inspection.requests.reduce((total, each) => total + (each.reported?.[field] ?? 0), 0);
    expect(inspection.reported).toMatchObject({
      input: sum("input"),
      cached: sum("cached"),
      output: sum("output"),
    });
    const text = await inspectOnce(["inspect", path], folder);
    expect(text.stdout).toMatch(/\n\s+17\s+120\s+2\s+\d+\s+23158\s+19200\s+1494\s+0\n/);
    expect(text.stdout).toMatch(
      new RegExp(`total\\s+\\d+\\s+${sum("input")}\\s+${sum("cached")}\\s+${sum("output")}\\s`),
    );
    await runCtx(["inspect", path, "--html", "usage.html"], folder);
    const page = await readFile(join(folder, "usage.html"), "utf8");
    expect(page).toContain('title="reported 23158 in (19200 cached), 1494 out (0 reasoning)"');
    expect(page).toContain(`the provider reported ${sum("input")} in`);
  });

  it("counts each cache break once, never a request against its own copied report", async () => {
    // Codex 0.58 writes each token count twice; the first request had nothing cached.
    const early = await inspectTruth(codexRolloutPath("cli-0.58-env-context.jsonl"));
    expect(early.events.filter((event) => event.type === "cache-break")).toEqual([]);
    const later = await inspectTruth(codexRolloutPath("cli-0.79-agents-md.jsonl"));
    const breaks = later.events.filter((event) => event.type === "cache-break");
    expect(breaks.map((event) => event.line)).toEqual([137, 210]);
    for (const event of breaks) {
      const [, input, before] = /of (\d+) input tokens, after (\d+)/.exec(event.detail) ?? [];
      expect(input).not.toBe(before);
    }
  });

  it("counts encrypted reasoning as opaque bytes, apart from the reasoning's text", async () => {
    const path = codexRolloutPath("cli-0.79-agents-md.jsonl");
    const inspection = await inspectTruth(path);
    const encrypted = inspection.totals.find((total) => total.kind === "encrypted_reasoning");
    expect(encrypted).toMatchObject({ opaque: true, tokens: 0, bytes: 73448 });
    const reasoning = inspection.totals.find((total) => total.kind === "reasoning");
    expect(reasoning?.bytes).toBeLessThan(10_000);
    const text = await inspectOnce(["inspect", path], folder);
    expect(text.stdout).toMatch(/model\s+encrypted_reasoning\s+31\s+73448\s+opaque\n/);
  });

  it("estimates at bytes / 4, and says so, past the tokenizer's budget", async () => {
    const path = codexRolloutPath("cli-0.58-env-context.jsonl");
    const inspection = await inspectTruth(path, ["--tokenize-limit", "0"]);
    expect(inspection.warnings.map((warning) => warning.code)).toEqual(["tokens-estimated"]);
    const text = await runCtx(["inspect", path, "--tokenize-limit", "0"], folder);
    expect(text.stdout).toMatch(/user\s+user_intent\s+1\s+317\s+~80\s/);
    expect(text.stdout).toContain("were counted at bytes / 4, not with o200k_base");
  });
});

describe("ctx inspect's header", () => {
  it("names the sub-agent fork's session, parent, agent, model, cwd and writer, and the fork as an event", async () => {
    const path = codexRolloutPath("desktop-0.144-subagent-fork.jsonl");
    const run = await inspectOnce(["inspect", path], folder);
    expect(run.code).toBe(0);
    const header = run.stdout.split("\n\n")[0] ?? "";
    expect(header).toMatch(/session\s+019f5c38-cac3-7280-98f9-4fb47729fd4d/);
    expect(header).toMatch(/forked from\s+019f5c38-3fff-7d61-a63b-76dc0bb6aa56/);
    expect(header).toMatch(/agent\s+\/root\/install_xapk/);
    expect(header).toMatch(/model\s+gpt-5\.6-terra/);
    expect(header).toMatch(/cwd\s+D:\\rehealthAI/);
    expect(header).toMatch(/written by\s+Codex Desktop 0\.144\.2/);
    expect(run.stdout).not.toContain("Events:\n  none");
    expect(run.stdout).toMatch(/line 1\s+turn 0\s+fork\s+a fork of session 019f5c38-3fff/);
  });
});

describe("ctx inspect on what is not a rollout", () => {
  it("says /etc/passwd is not a rollout, in one line, exit code 1", async () => {
    const run = await runCtx(["inspect", "/etc/passwd"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "error: /etc/passwd is not a Codex, Claude Code, pi or @ctx session: line 1 is not JSON\n",
    );
  });

  it("skips a line over the limit with a warning naming it and its size, and reads on", async () => {
    const name = await writeRollout("long-line.jsonl", [
      { type: "session_meta", payload: { id: "long" } },
      userMessage("x".repeat(50_000)),
      userMessage("Short."),
      { type: "response_item", payload: { type: "reasoning", summary: [] } },
    ]);
    const inspection = await inspectTruth(name, ["--max-line-bytes", "10000"]);
    expect(inspection.warnings).toEqual([
      {
        code: "line-too-long",
        message: "line 2 is 50111 bytes, over the 10000-byte limit, and was skipped",
      },
    ]);
    expect(inspection.items.map((item) => item.kind)).toEqual(["user_intent", "reasoning"]);
    const usage = await runCtx(["inspect", name, "--max-line-bytes", "lots"], folder);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      'error: --max-line-bytes takes a whole number of bytes, not "lots"\n',
    );
  });
});

describe("ctx inspect on an answer that did not complete", () => {
  it("shows how the answer ended where runTurn recorded it", async () => {
    const store = createJsonlRolloutStore(join(folder, "endings"));
    const session = createSession({ store, sessionId: "cut" });
    const outcome = await runTurn({
      session,
      turnContext: {
        model: "ctx-coder",
        environments: [{ id: "local", cwd: folder, shell: "bash" }],
      },
      userInput: "Write the whole report.",
      callModel: async () => ({
        items: [
          {
            type: "message",
            role: "assistant",
            content: [{ type: "output_text", text: "The rep" }],
          },
        ],
        ending: "cut",
      }),
      runTool: async () => "unused",
    });
    await store.close();
    expect(outcome.status).toBe("cut");
    const inspection = await inspectAsJson("endings/cut.jsonl");
    expect(inspection.events.map((event) => [event.type, event.detail])).toEqual([
      ["answer-ending", "the model's answer was cut short (the provider's output limit)"],
    ]);
  });
});
