import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bothReadings } from "./__fixtures__/import-parity.js";

/** One step of a generated conversation. */
type Step =
  | { readonly type: "say" }
  | { readonly type: "calls"; readonly count: number }
  | { readonly type: "rewind"; readonly back: number }
  | { readonly type: "noise" };

const base = { sessionId: "s", cwd: "/repo", version: "2.1.39", isSidechain: false };

/**
 * A Claude Code transcript of `steps`: the person and the model talking, parallel tool calls
 * whose results hang off their own calls, records Claude Code keeps for itself, and rewinds to
 * a record `back` records up the current branch.
 */
function transcriptOf(steps: readonly Step[]): string {
  const records: object[] = [];
  /** The uuids of the current branch's records, oldest first. */
  let branch: string[] = [];
  let last: string | null = null;
  const add = (record: Record<string, unknown>, parent: string | null, onBranch = true) => {
    const uuid = `r${records.length}`;
    records.push({ ...base, uuid, parentUuid: parent, ...record });
    if (onBranch) branch.push(uuid);
    last = uuid;
    return uuid;
  };
  const user = (content: unknown) => ({ type: "user", message: { role: "user", content } });
  const answer = (content: unknown) => ({
    type: "assistant",
    message: { id: `m${records.length}`, role: "assistant", content, usage: { input_tokens: 10 } },
  });
  const say = (parent: string | null) => {
    const asked = add(user(`Question ${records.length}.`), parent);
    add(answer([{ type: "text", text: `Answer ${records.length}.`.repeat(3) }]), asked);
  };
  for (const step of steps) {
    if (step.type === "say") say(last);
    else if (step.type === "noise") add({ type: "progress", data: {} }, last, false);
    else if (step.type === "calls") {
      const calls: string[] = [];
      for (let index = 0; index < step.count; index += 1) {
        const id = `t${records.length}`;
        calls.push(add(answer([{ type: "tool_use", id, name: "Read", input: { id } }]), last));
      }
      calls.forEach((call, index) => {
        const id = `t${Number(call.slice(1))}`;
        const result = [{ type: "tool_result", tool_use_id: id, content: `read ${index}` }];
        add(user(result), call);
      });
    } else if (branch.length > 0) {
      const keep = Math.max(0, branch.length - 1 - (step.back % branch.length));
      const parent = keep === 0 ? null : (branch[keep - 1] ?? null);
      branch = branch.slice(0, keep);
      say(parent);
    }
  }
  return `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
}

const step = fc.oneof(
  fc.constant<Step>({ type: "say" }),
  fc.integer({ min: 1, max: 3 }).map((count): Step => ({ type: "calls", count })),
  fc.nat(12).map((back): Step => ({ type: "rewind", back })),
  fc.constant<Step>({ type: "noise" }),
);

describe("ctx inspect's main history, for any transcript with rewinds", () => {
  it("is what importClaudeCodeTranscript imports, with as many rewinds", async () => {
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-rewinds-")));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(step, { minLength: 1, maxLength: 14 })
          .map((steps) => [{ type: "say" as const }, ...steps]),
        async (steps) => {
          run += 1;
          const path = join(folder, `session-${run}.jsonl`);
          await writeFile(path, transcriptOf(steps));
          const { inspection, imported, inspected, history } = await bothReadings(path);
          expect(inspected).toEqual(history);
          const rewinds = inspection.events.filter((each) => each.type === "rewind");
          expect(rewinds).toHaveLength(imported.rewinds);
          expect(inspection.unreadLines).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
