import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { claudeCodeTranscriptNames, claudeCodeTranscriptPath, personLines } from "@ctx/fixtures";
import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importClaudeCodeTranscript, normalizeHistory, resumeSession, runTurn } from "../index.js";

const fileLines = (name: string) =>
  createInterface({
    input: createReadStream(claudeCodeTranscriptPath(name)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });

const rawLines = (name: string) => readFileSync(claudeCodeTranscriptPath(name), "utf8").split("\n");

const textOf = (item: ResponseItem | undefined) =>
  item?.type === "message"
    ? item.content.map((content) => ("text" in content ? content.text : "")).join("")
    : undefined;

const turnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/work", shell: "bash" }],
};

/** The texts of a Claude Code user record as the person typed them. */
function typedText(line: string): string {
  const content = JSON.parse(line).message.content as string | { type: string; text?: string }[];
  return typeof content === "string"
    ? content
    : content.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

describe("importClaudeCodeTranscript", () => {
  it.each(claudeCodeTranscriptNames)(
    "writes %s into a session whose next request extends its history with the session's context",
    async (name) => {
      const store = createMemoryRolloutStore();
      const imported = await importClaudeCodeTranscript(fileLines(name), { store });
      expect(imported.warnings.filter((each) => each.code === "claude-code-lines-skipped")).toEqual(
        [],
      );
      const session = await resumeSession(store, { sessionId: imported.sessionId });
      const history = session.history();
      expect(history).toHaveLength(imported.items);
      const requests: (readonly ResponseItem[])[] = [];
      const outcome = await runTurn({
        session,
        turnContext,
        userInput: "Carry on from here.",
        callModel: async (request) => {
          requests.push(request.input);
          return { items: [{ type: "message", role: "assistant", content: [] }] };
        },
        runTool: async () => "unused",
      });
      expect(outcome.status).toBe("completed");
      const [input = []] = requests;
      // The imported history first, as the model is sent it (a call Claude Code left without
      // its result gets the session's stand-in), then the session's own context, then the prompt.
      const sent = normalizeHistory(history, { imageInput: true });
      expect(input.slice(0, sent.length)).toEqual(sent);
      const added = input.slice(sent.length);
      expect(added.flatMap((item) => (item.type === "message" ? item.content : []))).toContainEqual(
        {
          type: "input_text",
          text: "<environment_context>\n  <cwd>/work</cwd>\n  <shell>bash</shell>\n</environment_context>",
        },
      );
      expect(textOf(added.at(-1))).toBe("Carry on from here.");
    },
  );

  it.each(claudeCodeTranscriptNames)(
    "keeps as the person's exactly the person's words in %s, read by hand",
    async (name) => {
      const lines = rawLines(name);
      const lastBoundary = lines.findLastIndex((line) => line.includes('"compact_boundary"'));
      const person = (personLines[`claude-code-transcripts/${name}`] ?? [])
        .filter((number) => number - 1 > lastBoundary)
        .map((number) => typedText(lines[number - 1] ?? ""));
      const store = createMemoryRolloutStore();
      const { sessionId } = await importClaudeCodeTranscript(fileLines(name), { store });
      const history = (await resumeSession(store, { sessionId })).history();
      const theirs = history.filter((entry) => entry.origin.source === "user");
      expect(theirs.map((entry) => textOf(entry.item))).toEqual(person);
      expect(theirs.every((entry) => entry.item.type === "message")).toBe(true);
    },
  );
});

describe("importClaudeCodeTranscript on written transcripts", () => {
  const line = (fields: object) =>
    JSON.stringify({
      sessionId: "s-2",
      cwd: "/w",
      version: "2.1.40",
      isSidechain: false,
      ...fields,
    });
  const typed = (uuid: string, parentUuid: string | null, text: string) =>
    line({ type: "user", uuid, parentUuid, message: { role: "user", content: text } });
  const answer = (uuid: string, parentUuid: string, content: object[]) =>
    line({ type: "assistant", uuid, parentUuid, message: { role: "assistant", content } });
  const result = (uuid: string, parentUuid: string, id: string, text: string) =>
    line({
      type: "user",
      uuid,
      parentUuid,
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: text }] },
    });
  const historyOf = async (lines: readonly string[]) => {
    const store = createMemoryRolloutStore();
    const imported = await importClaudeCodeTranscript(lines, { store });
    const session = await resumeSession(store, { sessionId: imported.sessionId });
    return { imported, texts: session.history().map((entry) => said(entry.item)) };
  };

  it("leaves out the branch the person rewound from, keeping parallel results that hang off their calls", async () => {
    const { imported, texts } = await historyOf([
      typed("u1", null, "Start."),
      answer("a1", "u1", [{ type: "text", text: "Ready." }]),
      typed("b1", "a1", "First attempt."),
      answer("b2", "b1", [{ type: "text", text: "First answer." }]),
      typed("c1", "a1", "Second attempt."),
      answer("c2", "c1", [{ type: "tool_use", id: "t1", name: "Read", input: { path: "a" } }]),
      answer("c3", "c2", [{ type: "tool_use", id: "t2", name: "Read", input: { path: "b" } }]),
      result("c4", "c2", "t1", "file a"),
      result("c5", "c3", "t2", "file b"),
      answer("c6", "c5", [{ type: "text", text: "Both read." }]),
    ]);
    expect(imported.rewinds).toBe(1);
    expect(texts).toEqual([
      "Start.",
      "Ready.",
      "Second attempt.",
      expect.stringContaining('"call_id":"t1"'),
      expect.stringContaining('"call_id":"t2"'),
      "file a",
      "file b",
      "Both read.",
    ]);
  });

  it("reads Claude Code 1.0's inline sub-agent apart from the main conversation", async () => {
    const side = (fields: object) => line({ ...fields, isSidechain: true, version: "1.0.43" });
    const { imported, texts } = await historyOf([
      typed("m1", null, "Survey the tests."),
      answer("m2", "m1", [
        { type: "tool_use", id: "task", name: "Task", input: { prompt: "Find tests." } },
      ]),
      side({
        type: "user",
        uuid: "s1",
        parentUuid: null,
        message: { role: "user", content: "Find tests." },
      }),
      side({
        type: "assistant",
        uuid: "s2",
        parentUuid: "s1",
        message: { role: "assistant", content: [{ type: "text", text: "Found 3." }] },
      }),
      result("m3", "m2", "task", "Found 3."),
      answer("m4", "m3", [{ type: "text", text: "There are 3." }]),
    ]);
    expect(imported.sidechainRecords).toBe(2);
    expect(imported.rewinds).toBe(0);
    expect(texts).toEqual([
      "Survey the tests.",
      expect.stringContaining('"call_id":"task"'),
      "Found 3.",
      "There are 3.",
    ]);
  });
});

type Author = "user" | "context" | "model" | "tool" | "absent";

/** One generated piece of a transcript: its records, and who wrote the text marked in each. */
interface Written {
  readonly records: readonly object[];
  readonly authors: readonly Author[];
}

const base = { sessionId: "s-1", cwd: "/work/app", version: "1.0.43", userType: "external" };
/** Texts a person may type anywhere but at the start: markers, reminders, notices. */
const lookalike = fc.constantFrom(
  "",
  " <system-reminder>x</system-reminder>",
  " <task-notification>done</task-notification>",
  " [Request interrupted by user]",
  " <environment_context>\n  <cwd>/x</cwd>\n</environment_context>",
  " <command-name>/init</command-name>",
);

/** A generator of transcripts: each piece marked `«n»` with the index of its record. */
function transcript() {
  const piece = fc.oneof(
    fc.tuple(fc.constant("person"), lookalike, fc.boolean()),
    fc.tuple(
      fc.constant("harness"),
      fc.constantFrom(
        "<task-notification>\n<status>completed</status>\n</task-notification>",
        "<local-command-stdout>Compacted</local-command-stdout>",
        "<bash-stdout>ok</bash-stdout>",
        "<user-prompt-submit-hook>checked</user-prompt-submit-hook>",
        "meta",
        "interruption",
        "origin",
      ),
      fc.boolean(),
    ),
    fc.tuple(fc.constant("command"), lookalike, fc.boolean()),
    fc.tuple(fc.constant("model"), lookalike, fc.boolean()),
    fc.tuple(fc.constant("sidechain"), lookalike, fc.boolean()),
  );
  // The first record is the main conversation's: it tells which side the sidechains are on.
  const first = fc.tuple(fc.constant("person"), lookalike, fc.boolean());
  return fc.tuple(first, fc.array(piece, { maxLength: 12 })).map(([opening, rest]): Written => {
    const pieces = [opening, ...rest];
    const records: object[] = [];
    const authors: Author[] = [];
    let parent: string | null = null;
    const add = (record: Record<string, unknown>, author: Author, sidechain = false) => {
      const uuid = `u-${records.length}`;
      const marker = `«${records.length}»`;
      const withMarker = JSON.parse(JSON.stringify(record).replaceAll("MARK", marker));
      records.push({ ...base, isSidechain: sidechain, uuid, parentUuid: parent, ...withMarker });
      authors.push(author);
      if (!sidechain) parent = uuid;
      return uuid;
    };
    const user = (content: unknown, extra: object = {}) => ({
      type: "user",
      message: { role: "user", content },
      ...extra,
    });
    for (const [kind, text, asBlocks] of pieces) {
      const content = (said: string) => (asBlocks ? [{ type: "text", text: said }] : said);
      if (kind === "person") add(user(content(`MARK asked${text}`)), "user");
      else if (kind === "harness") {
        if (text === "meta") add(user(content(`Hook said MARK`), { isMeta: true }), "context");
        else if (text === "interruption") {
          add(user([{ type: "text", text: "[Request interrupted by user]" }]), "absent");
        } else if (text === "origin") {
          add(
            user(content(`Agent done MARK`), { origin: { kind: "task-notification" } }),
            "context",
          );
        } else add(user(content(`${text} MARK`)), "context");
      } else if (kind === "command") {
        const command = add(user(`<command-name>/review</command-name> MARK${text}`), "user");
        add({ ...user(content(`Review the code. MARK`)), parentUuid: command }, "context");
      } else if (kind === "model") {
        const call = `call-${records.length}`;
        add(
          {
            type: "assistant",
            message: {
              id: `msg-${records.length}`,
              role: "assistant",
              model: "claude-opus-4",
              content: [
                { type: "text", text: `MARK said${text}` },
                { type: "tool_use", id: call, name: "Bash", input: { command: "ls" } },
              ],
            },
          },
          "model",
        );
        add(
          user([{ type: "tool_result", tool_use_id: call, content: `MARK listed${text}` }]),
          "tool",
        );
      } else {
        add(user(content(`MARK sub-agent task${text}`)), "absent", true);
        add(
          {
            type: "assistant",
            message: { role: "assistant", content: [{ type: "text", text: `MARK found${text}` }] },
          },
          "absent",
          true,
        );
      }
    }
    return { records, authors };
  });
}

/** The texts of an item the model reads. */
function said(item: ResponseItem): string {
  if (item.type === "message") return textOf(item) ?? "";
  if (item.type === "function_call_output") {
    return typeof item.output === "string" ? item.output : JSON.stringify(item.output);
  }
  return JSON.stringify(item);
}

const sourceOf: Record<string, Author> = {
  user: "user",
  context: "context",
  model: "model",
  tool: "tool",
};

describe("importClaudeCodeTranscript on any transcript", () => {
  it("never makes the person's words injected, nor anything injected or model-written the person's", async () => {
    await fc.assert(
      fc.asyncProperty(transcript(), async ({ records, authors }) => {
        const lines = records.map((record) => JSON.stringify(record));
        const store = createMemoryRolloutStore();
        const imported = await importClaudeCodeTranscript(lines, { store });
        expect(imported.sidechainRecords).toBe(
          lines.filter((line) => line.includes('"isSidechain":true')).length,
        );
        const history = (await resumeSession(store, { sessionId: imported.sessionId })).history();
        const seen = new Map<number, Author>();
        for (const entry of history) {
          for (const match of said(entry.item).matchAll(/«(\d+)»/g)) {
            seen.set(Number(match[1]), sourceOf[entry.origin.source] ?? "absent");
          }
        }
        authors.forEach((author, index) => {
          expect({ index, author: seen.get(index) ?? "absent" }).toEqual({ index, author });
        });
      }),
      { numRuns: 60 },
    );
  });
});
