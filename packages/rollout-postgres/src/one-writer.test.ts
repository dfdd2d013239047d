import { RolloutConflictError } from "@ctx/rollout";
import { approximateTokenizer, createSession, resumeSession, type Session } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { openWorkerStores } from "./__fixtures__/worker-stores.js";

const turn = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" as const }],
};
const options = { tokenizer: approximateTokenizer };
const reply = (text: string) => ({
  type: "message" as const,
  role: "assistant" as const,
  content: [{ type: "output_text" as const, text }],
});
const said = (session: Session) =>
  session
    .history()
    .filter((entry) => entry.origin.source === "user" || entry.origin.source === "model")
    .map((entry) =>
      entry.item.type === "message"
        ? entry.item.content.map((part) => ("text" in part ? part.text : "")).join("")
        : "",
    );

// The session and the store together, as two workers of a fleet meet them: each worker has its
// own pool, both resume one session, both take a turn.
describe.runIf(databaseUrl !== undefined)("one writer per session on PostgreSQL", () => {
  it("refuses the worker that resumed second once the other wrote, and lets it resume and go on", async () => {
    const database = await createTestSchema();
    const [first, second] = openWorkerStores(database.schema);
    try {
      await createSession({ store: first, sessionId: "s", ...options }).beginTurn(turn, "first");
      const a = await resumeSession(first, { sessionId: "s", ...options });
      const b = await resumeSession(second, { sessionId: "s", ...options });
      await a.beginTurn(turn, "A");
      const before = b.history();
      for (const write of [() => b.beginTurn(turn, "B"), () => b.record([reply("B reply")])]) {
        const refused = await write().catch((error: unknown) => error);
        expect(RolloutConflictError.isInstance(refused)).toBe(true);
        expect(refused).toMatchObject({
          code: "conflict",
          actual: (await first.info("s"))?.nextSequence,
        });
      }
      expect(b.history()).toEqual(before);
      await a.record([reply("A reply")]);
      const again = await resumeSession(second, { sessionId: "s", ...options });
      expect(said(again)).toEqual(["first", "A", "A reply"]);
      await again.beginTurn(turn, "B");
      await again.record([reply("B reply")]);
      expect(said(await resumeSession(first, { sessionId: "s", ...options }))).toEqual([
        "first",
        "A",
        "A reply",
        "B",
        "B reply",
      ]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});
