import { RolloutConflictError, type RolloutStore } from "@ctx/rollout";
import { approximateTokenizer, createSession, forkSession, resumeSession } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { openWorkerStores } from "./__fixtures__/worker-stores.js";

const turn = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" as const }],
};
const options = { tokenizer: approximateTokenizer };

/** The user's and the model's texts the server holds for a session, its parent's prefix included. */
async function held(store: RolloutStore, sessionId: string): Promise<string[]> {
  const { records } = await store.read(sessionId, { from: "start" });
  return records.flatMap((record) => {
    if (record.type !== "response_item") return [];
    const { item, origin } = record.payload as {
      item: { content?: { text?: string }[] };
      origin: { source: string };
    };
    if (origin.source !== "user" && origin.source !== "model") return [];
    return [(item.content ?? []).map((part) => part.text ?? "").join("")];
  });
}

// Issue 27's first attack on PostgreSQL, as a fleet meets it: two workers, each with its own
// pool, resume one session and write at the same moment, round after round.
describe.runIf(databaseUrl !== undefined)("racing writers of one session on PostgreSQL", () => {
  it("gives each of 6 races to exactly one worker, loses and merges none, and refuses a fork over a written one", async () => {
    const database = await createTestSchema();
    const [first, second] = openWorkerStores(database.schema);
    const stores: RolloutStore[] = [first, second];
    try {
      await createSession({ store: first, sessionId: "s", ...options }).beginTurn(turn, "first");
      const acknowledged = ["first"];
      const workers = await Promise.all(
        stores.map((store) => resumeSession(store, { sessionId: "s", ...options })),
      );
      for (let round = 0; round < 6; round += 1) {
        const position = (await first.info("s"))?.nextSequence;
        const outcomes = await Promise.all(
          workers.map((worker, at) => {
            const tag = `${round}-${at}`;
            const write =
              round % 2 === 0
                ? worker.beginTurn(turn, tag)
                : worker.record([
                    {
                      type: "message",
                      role: "assistant",
                      content: [{ type: "output_text", text: tag }],
                    },
                  ]);
            return write.then(
              () => ({ tag, error: undefined }),
              (error: unknown) => ({ tag, error }),
            );
          }),
        );
        const winners = outcomes.flatMap((outcome, at) =>
          outcome.error === undefined ? [at] : [],
        );
        expect(winners).toHaveLength(1);
        const [winner = 0] = winners;
        const lost = outcomes[1 - winner];
        expect(RolloutConflictError.isInstance(lost?.error), String(lost?.error)).toBe(true);
        expect(lost?.error).toMatchObject({
          code: "conflict",
          sessionId: "s",
          expected: position,
          actual: (await second.info("s"))?.nextSequence,
        });
        acknowledged.push(outcomes[winner]?.tag ?? "");
        workers[1 - winner] = await resumeSession(stores[1 - winner] as RolloutStore, {
          sessionId: "s",
          ...options,
        });
      }
      expect(await held(second, "s")).toEqual(acknowledged);
      expect(workers[0]?.history()).toEqual(workers[1]?.history());

      // A fork written by one worker is not taken over by the other's fork of the same id.
      const fork = await forkSession(first, { sessionId: "s", forkId: "f", ...options });
      await fork.beginTurn(turn, "fork turn");
      const over = await forkSession(second, { sessionId: "s", forkId: "f", ...options }).catch(
        (error: unknown) => error,
      );
      expect(RolloutConflictError.isInstance(over), String(over)).toBe(true);
      expect(await held(second, "f")).toEqual([...acknowledged, "fork turn"]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });
});
