import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { claudeCodeTranscriptNames, claudeCodeTranscriptPath, personLines } from "@ctx/fixtures";
import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { itemText } from "../__fixtures__/item-text.js";
import { importClaudeCodeTranscript, normalizeHistory, resumeSession, runTurn } from "../index.js";

const fileLines = (name: string) =>
  createInterface({
    input: createReadStream(claudeCodeTranscriptPath(name)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });

const rawLines = (name: string) => readFileSync(claudeCodeTranscriptPath(name), "utf8").split("\n");

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
      expect(itemText(added.at(-1))).toBe("Carry on from here.");
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
      expect(theirs.map((entry) => itemText(entry.item))).toEqual(person);
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
    return { imported, texts: session.history().map((entry) => itemText(entry.item)) };
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
