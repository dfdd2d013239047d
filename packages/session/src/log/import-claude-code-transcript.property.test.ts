import { createMemoryRolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itemText } from "../__fixtures__/item-text.js";
import { importClaudeCodeTranscript, resumeSession } from "../index.js";

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
          for (const match of itemText(entry.item).matchAll(/«(\d+)»/g)) {
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
