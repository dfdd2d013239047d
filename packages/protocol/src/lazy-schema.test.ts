import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema, lazySchemaBuilds } from "./lazy-schema.js";
import { ProtocolError } from "./protocol-error.js";

const noteShape = () => z.object({ text: z.string().min(1), size: z.number().int().optional() });

describe("lazySchema", () => {
  it("builds nothing until a parse, then builds once", () => {
    let calls = 0;
    const before = lazySchemaBuilds();
    const note = lazySchema(() => {
      calls += 1;
      return noteShape();
    });
    expect(typeof note.safeParse).toBe("function");
    expect("parse" in note).toBe(true);
    expect(calls).toBe(0);
    expect(note.parse({ text: "a" })).toEqual({ text: "a" });
    expect(note.safeParse({ text: "" }).success).toBe(false);
    expect(note.shape.text).toBeInstanceOf(z.ZodString);
    expect(calls).toBe(1);
    expect(lazySchemaBuilds()).toBe(before + 1);
  });

  it("stands for its schema inside another schema, and as a zod schema", () => {
    const note = lazySchema(noteShape);
    const board = lazySchema(() => z.object({ notes: z.array(note) }));
    expect(board.parse({ notes: [{ text: "a", size: 2 }] })).toEqual({
      notes: [{ text: "a", size: 2 }],
    });
    expect(board.safeParse({ notes: [{ text: 1 }] }).error?.issues[0]?.path).toEqual([
      "notes",
      0,
      "text",
    ]);
    expect(note).toBeInstanceOf(z.ZodObject);
    expect(note.optional().parse(undefined)).toBeUndefined();
  });

  it("parses every value as the schema built at once does", () => {
    const eager = noteShape();
    const lazy = lazySchema(noteShape);
    fc.assert(
      fc.property(fc.anything(), fc.record({ text: fc.string(), size: fc.integer() }), (a, b) => {
        for (const value of [a, b]) {
          const expected = eager.safeParse(value);
          const actual = lazy.safeParse(value);
          expect(actual.success).toBe(expected.success);
          expect(actual.data).toEqual(expected.data);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a build that is not a function", () => {
    expect(() => lazySchema(z.string() as never)).toThrow(ProtocolError);
    expect(() => lazySchema(undefined as never)).toThrow(
      expect.objectContaining({ code: "invalid-argument" }),
    );
  });
});
