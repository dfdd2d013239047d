import fc from "fast-check";
import postgres, { type Sql } from "postgres";
import { describe, expect, it } from "vitest";
import {
  type AppendOutcome,
  createAppendFlushWriter,
  type PendingAppend,
} from "./append-flush-writer.js";
import { rolloutTables } from "./rollout-tables.js";

/** The texts of an array literal of quoted texts without quotes, commas or backslashes inside. */
const literalTexts = (literal: string | undefined): string[] =>
  JSON.parse(`[${String(literal).slice(1, -1)}]`);

/** An error as the client builds one from the server's answer: its constructor takes the fields. */
function serverError(code: string): Error {
  const PostgresError = postgres.PostgresError as unknown as new (fields: object) => Error;
  return new PostgresError({ code, message: "the server refused a row" });
}

/**
 * A client whose server refuses, with `code`, every statement that holds an append whose id
 * starts with "refused", and otherwise moves every session of the statement.
 */
function refusingClient(code: string) {
  const statements: number[] = [];
  const sql = {
    unsafe: async (_text: string, parameters: string[]) => {
      // The flush's columns: sessions, expected, next, append ids, checkpoints, texts.
      const sessions = literalTexts(parameters[0]);
      const refused = literalTexts(parameters[3]).some((id) => id.startsWith("refused"));
      statements.push(sessions.length);
      if (refused) throw serverError(code);
      return sessions.map((session_id) => ({ session_id }));
    },
  } as unknown as Sql;
  return { sql, statements };
}

function pending(index: number, refused: boolean): PendingAppend {
  return {
    sessionId: `s${String(index).padStart(3, "0")}`,
    expectedSequence: 0,
    nextSequence: 1,
    appendId: refused ? `refused-${index}` : `append-${index}`,
    batch: { text: "[]", checkpoints: null },
  };
}

describe("createAppendFlushWriter", () => {
  it("fails exactly the appends the server refuses, commits the others, in few statements", () =>
    fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }),
        async (refusals) => {
          const { sql, statements } = refusingClient("23514");
          const write = createAppendFlushWriter(sql, rolloutTables(), { prepare: true });
          const appends = refusals.map((refused, index) => pending(index, refused));
          const outcomes = await write(appends);
          expect(outcomes.map((outcome: AppendOutcome) => outcome !== "written")).toEqual(refusals);
          for (const [index, outcome] of outcomes.entries())
            if (refusals[index] === true)
              expect(outcome).toMatchObject({ refused: { code: "23514" } });
          // Each refused append costs at most two statements a halving on its way down.
          const refusedCount = refusals.filter(Boolean).length;
          const halvings = Math.ceil(Math.log2(refusals.length));
          expect(statements.length).toBeLessThanOrEqual(1 + 2 * refusedCount * halvings);
          if (refusedCount === 0) expect(statements).toEqual([refusals.length]);
        },
      ),
    ));

  it("fails the whole flush, in one statement, when the server fails for its own reasons", async () => {
    const { sql, statements } = refusingClient("57P01");
    const write = createAppendFlushWriter(sql, rolloutTables(), { prepare: true });
    await expect(write([pending(0, false), pending(1, true)])).rejects.toMatchObject({
      code: "57P01",
    });
    expect(statements).toEqual([2]);
  });
});
