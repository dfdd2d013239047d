import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdapterError } from "./adapter-error.js";
import { checkAnswer } from "./check-answer.js";

const callSchema = z.looseObject({ type: z.literal("call"), id: z.string().min(1) });

describe("checkAnswer", () => {
  it("returns what fits the schema", () => {
    expect(
      checkAnswer("gemini", callSchema, { type: "call", id: "a", extra: 1 }, "parts[0]"),
    ).toEqual({ type: "call", id: "a", extra: 1 });
  });

  it("refuses any value that does not fit with an invalid-answer naming where, provider and index", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (value, index) => {
        fc.pre(!callSchema.safeParse(value).success);
        let thrown: unknown;
        try {
          checkAnswer("gemini", callSchema, value, `parts[${index}]`, index);
        } catch (error) {
          thrown = error;
        }
        expect(AdapterError.isInstance(thrown)).toBe(true);
        expect(thrown).toMatchObject({ code: "invalid-answer", provider: "gemini", index });
        expect(String((thrown as Error).message)).toMatch(
          new RegExp(`^parts\\[${index}\\] is not valid: `),
        );
      }),
      { numRuns: 50 },
    );
  });
});
