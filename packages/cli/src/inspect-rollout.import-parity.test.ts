import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeTranscriptNames, claudeCodeTranscriptPath } from "@ctx/fixtures";
import { describe, expect, it } from "vitest";
import { bothReadings, bytes } from "./__fixtures__/import-parity.js";
import { formatInspectionText } from "./format-inspection.js";
import { renderInspectionHtml } from "./render-inspection-html.js";

describe("ctx inspect's main history is what importClaudeCodeTranscript imports", () => {
  it.each(claudeCodeTranscriptNames)("on the real transcript %s", async (name) => {
    const { inspection, imported, inspected, history } = await bothReadings(
      claudeCodeTranscriptPath(name),
    );
    expect(inspected).toEqual(history);
    const rewinds = inspection.events.filter((each) => each.type === "rewind");
    expect(rewinds).toHaveLength(imported.rewinds);
  });

  it("on a transcript the person rewound, with parallel tool results", async () => {
    const base = { sessionId: "s", cwd: "/repo", version: "2.1.39", isSidechain: false };
    const typed = (uuid: string, parentUuid: string | null, text: string) => ({
      ...base,
      type: "user",
      uuid,
      parentUuid,
      message: { role: "user", content: text },
    });
    const answer = (uuid: string, parentUuid: string, id: string, content: object[]) => ({
      ...base,
      type: "assistant",
      uuid,
      parentUuid,
      message: {
        id,
        role: "assistant",
        content,
        usage: { input_tokens: 100, output_tokens: 5 },
      },
    });
    const call = (id: string, path: string) => ({
      type: "tool_use",
      id,
      name: "Read",
      input: { path },
    });
    const result = (uuid: string, parentUuid: string, id: string, text: string) => ({
      ...base,
      type: "user",
      uuid,
      parentUuid,
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: text }] },
    });
    const records = [
      typed("u1", null, "Start."),
      answer("a1", "u1", "m1", [{ type: "text", text: "Ready." }]),
      typed("b1", "a1", "First attempt, which the person takes back."),
      answer("b2", "b1", "m2", [
        { type: "text", text: "An answer on the abandoned branch. ".repeat(40) },
      ]),
      typed("c1", "a1", "Second attempt."),
      answer("c2", "c1", "m3", [call("t1", "a")]),
      answer("c3", "c2", "m3", [call("t2", "b")]),
      result("c4", "c2", "t1", "file a"),
      result("c5", "c3", "t2", "file b"),
      answer("c6", "c5", "m4", [{ type: "text", text: "Both read." }]),
    ];
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-rewind-")));
    const path = join(folder, "session.jsonl");
    await writeFile(path, `${records.map((record) => JSON.stringify(record)).join("\n")}\n`);
    const { inspection, imported, inspected, history } = await bothReadings(path);
    expect(imported.rewinds).toBe(1);
    expect(inspected).toEqual(history);
    expect(inspected).toEqual([
      `user ${bytes("Start.")}`,
      `model ${bytes("Ready.")}`,
      `user ${bytes("Second attempt.")}`,
      "model call",
      "model call",
      "tool result",
      "tool result",
      `model ${bytes("Both read.")}`,
    ]);
    const rewind = {
      line: 5,
      turn: 1,
      type: "rewind",
      detail:
        "the person rewound to line 2: the 2 record(s) of the branch they left are not in the history",
    };
    expect(inspection.events.filter((each) => each.type === "rewind")).toEqual([rewind]);
    // The abandoned answer is in no request, no total and no report; nor is a cache break read.
    expect(inspection.requests.filter((each) => each.cacheBreak !== undefined)).toEqual([]);
    expect(inspection.requestCount).toBe(3);
    expect(inspection.reported?.reports).toBe(3);
    expect(inspection.totals.find((each) => each.kind === "user_intent")?.items).toBe(2);
    expect(Math.max(...inspection.requests.map((each) => each.tokens))).toBeLessThan(100);
    const text = formatInspectionText(inspection, (_style, said) => said);
    expect(text).toContain(rewind.detail);
    expect(renderInspectionHtml(inspection)).toContain(rewind.detail);
  });
});
