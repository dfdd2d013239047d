import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { sessionRecordSchema } from "../log/session-records.js";
import type { Session } from "../session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { createRecall } from "./create-recall.js";
import type { RecallQuery } from "./recall-query.js";
import { type RecalledItem, recalledText } from "./recalled-item.js";

const turnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};
const words = ["Main", "main", "src/a.ts", "SRC/A.TS", "push", "café", 'say "hi"', "a\\b", "x"];
const tools = ["shell", "read_file", "recall"];

type Step =
  | { readonly kind: "turn"; readonly text: string }
  | { readonly kind: "said"; readonly text: string }
  | {
      readonly kind: "call";
      readonly tool: string;
      readonly input: string;
      readonly output: string;
    }
  | { readonly kind: "compact" }
  | { readonly kind: "rollback"; readonly turns: number }
  | { readonly kind: "fork" };

const text = fc
  .array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 })
  .chain((parts) => fc.constantFrom(parts.join(" "), parts.join("\n")));
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: text.map((value) => ({ kind: "turn" as const, text: value })) },
  { weight: 3, arbitrary: text.map((value) => ({ kind: "said" as const, text: value })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ tool: fc.constantFrom(...tools), input: text, output: text })
      .map((call) => ({ kind: "call" as const, ...call })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "compact" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 2 })
      .map((turns) => ({ kind: "rollback" as const, turns })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "fork" as const }) },
);
const query: fc.Arbitrary<RecallQuery> = fc
  .record(
    {
      turns: fc.record(
        { from: fc.integer({ min: 1, max: 6 }), to: fc.integer({ min: 1, max: 8 }) },
        { requiredKeys: [] },
      ),
      text: fc.oneof(text, fc.constantFrom("MAIN", "ai", "\n", 'hi"\nsrc')),
      tool: fc.constantFrom(...tools),
      path: fc.constantFrom("src/a.ts", "a.ts", "SRC"),
      limit: fc.integer({ min: 1, max: 5 }),
    },
    { requiredKeys: [] },
  )
  .filter((value) => Object.keys(value).some((key) => key !== "limit"));

/** Plays `steps` on a memory store; returns the session recall reads (a fork's, after a fork). */
async function play(store: RolloutStore, steps: readonly Step[]): Promise<string> {
  let session: Session = createSession({ store, sessionId: "s", tokenizer: approximateTokenizer });
  let calls = 0;
  let forks = 0;
  let began = false;
  for (const current of steps) {
    if (current.kind === "turn") {
      await session.beginTurn(turnContext, current.text);
      began = true;
    } else if (current.kind === "compact") await session.compact();
    else if (current.kind === "rollback") await session.rollback(current.turns);
    else if (current.kind === "fork") {
      session = await forkSession(store, { sessionId: session.id, forkId: `f${forks}` });
      forks += 1;
      began = false;
    } else if (began) {
      calls += 1;
      const items: ResponseItem[] =
        current.kind === "said"
          ? [
              {
                type: "message",
                role: "assistant",
                content: [{ type: "output_text", text: current.text }],
              },
            ]
          : [
              {
                type: "function_call",
                call_id: `c${calls}`,
                name: current.tool,
                arguments: current.input,
              },
              { type: "function_call_output", call_id: `c${calls}`, output: current.output },
            ];
      await session.record(items);
    }
  }
  return session.id;
}

/** Recall as it was before stores searched: the whole rollout read, every item kept, then filtered. */
async function wholeRead(store: RolloutStore, sessionId: string, query: RecallQuery) {
  const { records } = await store.read(sessionId, { from: "start" });
  const entries: RecalledItem[] = [];
  const toolOfCall = new Map<string, string>();
  let turn = 0;
  for (const stored of records) {
    const record = sessionRecordSchema.parse({ type: stored.type, payload: stored.payload });
    if (record.type === "turn") turn += 1;
    else if (record.type === "rollback") {
      turn = Math.max(0, turn - record.payload.userTurns);
      while ((entries.at(-1)?.turn ?? 0) > turn) entries.pop();
    } else if (record.type === "response_item") {
      const { item, origin } = record.payload;
      if (item.type === "function_call") toolOfCall.set(item.call_id, item.name);
      const tool =
        item.type === "function_call"
          ? item.name
          : item.type === "function_call_output"
            ? toolOfCall.get(item.call_id)
            : undefined;
      entries.push({
        turn,
        from: origin.source,
        type: item.type,
        ...(tool === undefined ? {} : { tool }),
        text: recalledText(item),
      });
    }
  }
  const folded = query.text?.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const found = entries.filter(
    (entry) =>
      entry.tool !== "recall" &&
      (query.turns?.from === undefined || entry.turn >= query.turns.from) &&
      (query.turns?.to === undefined || entry.turn <= query.turns.to) &&
      (query.tool === undefined || entry.tool === query.tool) &&
      (query.path === undefined || entry.text.includes(query.path)) &&
      (folded === undefined ||
        entry.text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).includes(folded)),
  );
  return { items: found.slice(0, query.limit ?? 20), matched: found.length };
}

describe("readRecallEntries", () => {
  it("answers every query as reading the whole rollout did, with rollbacks, forks and compactions", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 24 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (steps, queries) => {
          const store = createMemoryRolloutStore();
          const sessionId = await play(store, [{ kind: "turn", text: "start" }, ...steps]);
          const searching = createRecall(store, { sessionId });
          // The same store without its search: recall then reads and filters the whole rollout.
          const reading = createRecall(
            { create: store.create, append: store.append, read: store.read } as RolloutStore,
            { sessionId },
          );
          for (const asked of queries) {
            const expected = await wholeRead(store, sessionId, asked);
            expect(await searching.search(asked)).toEqual(expected);
            expect(await reading.search(asked)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
