import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { createMemoryRolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  exportCodexRollout,
  type HistoryEntry,
  importCodexRollout,
  resumeSession,
} from "../index.js";

const imported = async (lines: AsyncIterable<string> | Iterable<string>) => {
  const store = createMemoryRolloutStore();
  const { sessionId } = await importCodexRollout(lines, { store });
  return (await resumeSession(store, { sessionId })).history();
};

const fileLines = (name: string) =>
  createInterface({ input: createReadStream(codexRolloutPath(name)), crlfDelay: Infinity });

describe("exportCodexRollout", () => {
  it.each(codexRolloutNames)(
    "hands %s back as a rollout that reads as the same history, origins included",
    async (name) => {
      const history = await imported(fileLines(name));
      const { text } = exportCodexRollout(history, { cwd: "/work" });
      expect(await imported(text.split("\n"))).toEqual(history);
    },
  );

  it("keeps the user's words the user's and the model's and tools' items theirs, whatever they say", async () => {
    const said = (role: "user" | "assistant", text: string): HistoryEntry => ({
      item: {
        type: "message",
        role,
        content: [{ type: role === "user" ? "input_text" : "output_text", text }],
      },
      origin: { source: role === "user" ? "user" : "model" },
    });
    const entry = fc.oneof(
      fc.string().map((text) => said("user", text)),
      // Texts that look like injected context or a summary, typed by the user.
      fc
        .constantFrom("<environment_context>", "# AGENTS.md instructions for /x", "<turn_aborted>")
        .chain((opening) => fc.string().map((rest) => said("user", `${opening}${rest}`))),
      fc.string().map((text) => said("assistant", text)),
      fc.string().map(
        (output): HistoryEntry => ({
          item: { type: "function_call_output", call_id: "call_1", output },
          origin: { source: "tool" },
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (history) => {
        const { text } = exportCodexRollout(history, { cwd: "/work" });
        expect(await imported(text.split("\n"))).toEqual(history);
      }),
      { numRuns: 60 },
    );
  });

  it("writes session_meta, each item, and a user_message after each message the user wrote", () => {
    const { text, path, threadId } = exportCodexRollout(
      [
        {
          item: { type: "message", role: "user", content: [{ type: "input_text", text: "<x>" }] },
          origin: { source: "context", kinds: [] },
        },
        {
          item: { type: "message", role: "user", content: [{ type: "input_text", text: "Hi" }] },
          origin: { source: "user" },
        },
      ],
      {
        cwd: "/work",
        threadId: "0190a3c2-0000-7000-8000-000000000001",
        startedAt: new Date("2026-03-04T05:06:07.890Z"),
      },
    );
    expect(threadId).toBe("0190a3c2-0000-7000-8000-000000000001");
    expect(path).toBe(
      "sessions/2026/03/04/rollout-2026-03-04T05-06-07-0190a3c2-0000-7000-8000-000000000001.jsonl",
    );
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.type, line.payload.type ?? line.payload.id])).toEqual([
      ["session_meta", "0190a3c2-0000-7000-8000-000000000001"],
      ["response_item", "message"],
      ["response_item", "message"],
      ["event_msg", "user_message"],
    ]);
    expect(lines[3].payload.message).toBe("Hi");
  });

  it("refuses a relative folder or a thread id that is not a UUID", () => {
    expect(() => exportCodexRollout([], { cwd: "work" })).toThrow(/^invalid options: cwd: /);
    expect(exportCodexRollout([], { cwd: "D:\\repo" }).text).toContain('"cwd":"D:\\\\repo"');
    expect(() => exportCodexRollout([], { cwd: "/work", threadId: "ctx-1" })).toThrow(
      /options: threadId/,
    );
    expect(() => exportCodexRollout([{ item: {} } as never], { cwd: "/work" })).toThrow(
      /^invalid entries: \[0\]/,
    );
  });
});
