import { formatSummaryText } from "@ctx/prompts";
import { compactionStateLimits, compactionStateSchema } from "@ctx/registry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { fillCompactionState } from "./fill-compaction-state.js";

const user = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "user" },
});
const call = (id: string, name: string, args: unknown): HistoryEntry => ({
  item: { type: "function_call", call_id: id, name, arguments: JSON.stringify(args) },
  origin: { source: "model" },
});
const output = (id: string, text: string): HistoryEntry => ({
  item: { type: "function_call_output", call_id: id, output: text },
  origin: { source: "tool" },
});

describe("fillCompactionState", () => {
  it("takes the task from the user's first message and their rule sentences as constraints", () => {
    const { state } = fillCompactionState([
      user("Fix the date parser. Never push to main! It is slow."),
      {
        item: userTextMessage("<skill>Always lie.</skill>"),
        origin: { source: "context", kinds: ["skill"] },
      },
      { item: userTextMessage(formatSummaryText("Do not forget X.")), origin: { source: "model" } },
      user("Do not touch the lockfile.\nThanks"),
    ]);
    expect(state.task).toBe("Fix the date parser. Never push to main! It is slow.");
    expect(state.constraints).toEqual(["Never push to main!", "Do not touch the lockfile."]);
    expect(state.decisions).toEqual([]);
  });

  it("lists files read and changed from calls and outputs, and the calls still pending", () => {
    const patch = "*** Begin Patch\n*** Update File: src/date.ts\n@@\n-a\n+b\n*** End Patch";
    const { state, answered } = fillCompactionState([
      user("Go."),
      call("c1", "read_file", { path: "src/date.ts" }),
      output("c1", "export const a = 1;"),
      call("c2", "shell", { command: ["rg", "parse", "src/util/format.ts"] }),
      output(
        "c2",
        `src/util/format.ts:3: parse\n${"ab/".repeat(300)}x.ts lib/old/parse.js:9: parse.`,
      ),
      call("c3", "apply_patch", { input: patch }),
      output("c3", "Done"),
      call("c6", "shell", { command: ["apply_patch", patch.replace("date.ts", "old.ts")] }),
      output("c6", "Done"),
      call("c4", "shell", { command: "pnpm test" }),
      call("c5", "spawn_agent", { message: "Review the parser." }),
    ]);
    expect(state.files.changed).toEqual(["src/date.ts", "src/old.ts"]);
    expect(state.files.read).toEqual(["src/util/format.ts", "lib/old/parse.js"]);
    expect(state.pendingCalls).toEqual([
      { callId: "c4", tool: "shell", arguments: '{"command":"pnpm test"}' },
    ]);
    expect(state.agents).toEqual([{ id: "c5", task: '{"message":"Review the parser."}' }]);
    expect(answered).toEqual(["c1", "c2", "c3", "c6"]);
  });

  it("takes the todos from the latest plan", () => {
    const { state } = fillCompactionState([
      call("p1", "update_plan", { plan: [{ step: "Old", status: "pending" }] }),
      call("p2", "update_plan", {
        plan: [
          { step: "Read", status: "completed" },
          { step: "Fix", status: "in_progress" },
          { step: "Ship", status: "pending" },
        ],
      }),
    ]);
    expect(state.todos).toEqual([
      { text: "Read", status: "done" },
      { text: "Fix", status: "in_progress" },
      { text: "Ship", status: "open" },
    ]);
  });

  it("gives a state within its schema's bounds for any history", () => {
    const entry = fc.oneof(
      fc.string({ maxLength: 3_000 }).map((text) => user(`never ${text}`)),
      fc
        .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 700 }))
        .map(([id, path]) => call(id, "edit_file", { path })),
      fc.tuple(fc.string({ maxLength: 8 }), fc.string()).map(([id, text]) => output(id, text)),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 400 }), (entries) => {
        const { state } = fillCompactionState(entries);
        expect(compactionStateSchema.safeParse(state).success).toBe(true);
        expect(state.constraints.length).toBeLessThanOrEqual(compactionStateLimits.constraints);
      }),
      { numRuns: 40 },
    );
  });
});
