import { mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  claudeCodeTranscriptPath,
  codexRolloutPath,
  personLines,
  piSessionPath,
  transcriptPath,
} from "@ctx/fixtures";
import { describe, expect, it } from "vitest";
import { formatInspectionText } from "./format-inspection.js";
import { inspectRollout } from "./inspect-rollout.js";
import { renderInspectionHtml } from "./render-inspection-html.js";
import type { InspectedItem } from "./rollout-inspection.js";

async function itemsOf(path: string) {
  const items: InspectedItem[] = [];
  const inspection = await inspectRollout(path, { onItem: (item) => void items.push(item) });
  return { inspection, items };
}

describe("who wrote what, on every real transcript", () => {
  it("shows as the person's exactly the person's words: nothing injected or model-written, none of theirs as injected", async () => {
    for (const [name, lines] of Object.entries(personLines)) {
      const { items, inspection } = await itemsOf(transcriptPath(name));
      const shown = [
        ...new Set(items.filter((item) => item.category === "user").map((item) => item.line)),
      ];
      expect({ name, lines: shown }).toEqual({ name, lines });
      const onTheirLines = items.filter((item) => lines.includes(item.line));
      expect(onTheirLines.every((item) => item.category === "user")).toBe(true);
      expect(inspection.unreadLines).toBe(0);
    }
  });

  it("reads a sub-agent's file as the sub-agent's, linked to the session that started it", async () => {
    const { inspection } = await itemsOf(claudeCodeTranscriptPath("sub-agent-aac57f5.jsonl"));
    expect(inspection.session).toMatchObject({
      id: "aac57f5",
      agentPath: "aac57f5",
      parentSession: "ae4a77f8-aedd-4bc1-888f-c94edc91af04",
    });
    const text = formatInspectionText(inspection, (_style, said) => said);
    expect(text).toContain("  parent      ae4a77f8-aedd-4bc1-888f-c94edc91af04\n");
  });

  it("counts pi's reported usage, model by model, in its first format", async () => {
    const { inspection, items } = await itemsOf(piSessionPath("large-session-head.jsonl"));
    expect(inspection.format).toBe("pi");
    expect(inspection.session.models).toEqual(["claude-sonnet-4-5", "gpt-5.1-codex"]);
    expect(inspection.reported?.reports).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(["user", "model", "tool"]));
  });
});

describe("sub-agents written inline (Claude Code 1.0's sidechains)", () => {
  it("keeps their conversation out of the main history and its totals, and sums it apart", async () => {
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-sidechain-")));
    const path = join(folder, "session.jsonl");
    const base = { sessionId: "s", cwd: "/repo", version: "1.0.51" };
    const answer = (uuid: string, id: string, sidechain: boolean, text: string, input: number) => ({
      ...base,
      isSidechain: sidechain,
      type: "assistant",
      uuid,
      message: {
        id,
        role: "assistant",
        content: [{ type: "text", text }],
        usage: { input_tokens: input, output_tokens: 3 },
      },
    });
    const records = [
      {
        ...base,
        isSidechain: false,
        type: "user",
        uuid: "u1",
        message: { role: "user", content: "Check the tests." },
      },
      {
        ...base,
        isSidechain: true,
        type: "user",
        uuid: "s1",
        parentUuid: null,
        message: { role: "user", content: "List every test file and its size." },
      },
      {
        ...answer("s2", "msg-s", true, "There are 40 test files. ".repeat(50), 5_000),
        parentUuid: "s1",
      },
      answer("a1", "msg-a", false, "They pass.", 900),
    ];
    await writeFile(path, `${records.map((record) => JSON.stringify(record)).join("\n")}\n`);
    const { inspection, items } = await itemsOf(path);
    expect(items.map((item) => [item.line, item.category, item.kind])).toEqual([
      [1, "user", "user_intent"],
      [4, "model", "assistant_message"],
    ]);
    expect(inspection.requestCount).toBe(1);
    expect(inspection.reported).toMatchObject({ input: 900, reports: 1 });
    expect(inspection.subAgents).toEqual([
      expect.objectContaining({
        thread: "sidechain-1",
        line: 2,
        items: 2,
        requests: 1,
        reported: expect.objectContaining({ input: 5_000 }),
      }),
    ]);
    const text = formatInspectionText(inspection, (_style, said) => said);
    expect(text).toContain("Sub-agents, apart from the history and the totals above:");
    expect(text).toMatch(/sidechain-1\s+line 2\s+2\s+\d+\s+\d+\s+1\s+5000/);
    const page = renderInspectionHtml(inspection);
    expect(page).toContain("<h2>Sub-agents</h2>");
    expect(page).toMatch(/<tr><td>sidechain-1<\/td><td>line 2<\/td><td>2<\/td>/);
  });
});

describe("lines that cannot be read", () => {
  it("names each by its number: damaged bytes, a zeroed block, another format's record, a torn end", async () => {
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-damaged-")));
    const path = join(folder, "rollout.jsonl");
    const codex = (await readFile(codexRolloutPath("cli-0.58-env-context.jsonl"), "utf8"))
      .split("\n")
      .slice(0, 8);
    const claude = JSON.stringify({
      type: "user",
      sessionId: "s",
      uuid: "u",
      message: { role: "user", content: "hi" },
    });
    const body = Buffer.concat([
      Buffer.from(`${codex.slice(0, 4).join("\n")}\n`),
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]),
      Buffer.alloc(12),
      Buffer.from(`\n${claude}\n${codex.slice(4).join("\n")}\n{"type":"response_item","payl`),
    ]);
    await writeFile(path, body);
    const inspection = await inspectRollout(path);
    expect(inspection.unreadLines).toBe(4);
    expect(
      inspection.warnings
        .filter((warning) => warning.code === "line-does-not-fit")
        .map((warning) => warning.message),
    ).toEqual([
      "line 5 was skipped: its bytes are not UTF-8",
      "line 6 was skipped: it holds zero bytes (a zeroed block, as a crash can leave)",
      "line 7 was skipped: it is a Claude Code record in a Codex rollout",
      "line 12 was skipped: the file ends in it, cut off before its end (a torn write)",
    ]);
  });
});
