import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProtocolError } from "./protocol-error.js";
import { createSchemaChecker, type SchemaChecker } from "./schema-checker.js";
import { type SchemaIssue, toSchemaIssues } from "./schema-issue.js";

class OptionsError extends Error {
  constructor(
    readonly argument: string,
    readonly issues: readonly SchemaIssue[],
  ) {
    super(`invalid ${argument}`);
  }
}

const checkSchema: SchemaChecker = createSchemaChecker(
  (argument, issues) => new OptionsError(argument, issues),
);
const schema = z.strictObject({ name: z.string(), size: z.number().int().optional() });

/** What `run` threw, or `undefined` when it returned. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("createSchemaChecker", () => {
  it("returns the value as the schema parses it", () => {
    expect(checkSchema("options", { name: "a", size: 2 }, schema)).toEqual({ name: "a", size: 2 });
    expect(checkSchema("text", "  a ", z.string().trim())).toBe("a");
  });

  it("refuses every value the schema refuses with the issues toSchemaIssues words, and only those", () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), (argument, value) => {
        const parsed = schema.safeParse(value);
        const error = thrown(() => checkSchema(argument, value, schema));
        if (parsed.success) {
          expect(error).toBeUndefined();
          return;
        }
        expect(error).toBeInstanceOf(OptionsError);
        expect(error).toMatchObject({ argument, issues: toSchemaIssues(parsed.error, value) });
      }),
    );
  });

  it("says a field the value lacks is missing", () => {
    expect(thrown(() => checkSchema("options", {}, schema))).toMatchObject({
      issues: [{ path: "name", message: "missing (expected string)" }],
    });
  });

  it("refuses a value nested too deeply to walk like any other", () => {
    type Nested = { readonly next?: Nested | undefined };
    const nested: z.ZodType<Nested> = z.lazy(() => z.object({ next: nested.optional() }));
    let value: Nested = {};
    for (let depth = 0; depth < 100_000; depth += 1) value = { next: value };
    expect(thrown(() => checkSchema("tree", value, nested))).toMatchObject({
      argument: "tree",
      issues: [{ path: "", message: "it is nested too deeply" }],
    });
  });

  it("is a ProtocolError to bind it to, or call it with, what it cannot use", () => {
    expect(() => createSchemaChecker("no" as never)).toThrow("invalid refuse: expected a function");
    expect(() => checkSchema(1 as never, {}, schema)).toThrow(
      "invalid argument: expected a string",
    );
    for (const wrong of [null, {}, "z"]) {
      const error = thrown(() => checkSchema("options", {}, wrong as never));
      expect(ProtocolError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "invalid-argument",
        message: /schema: expected a zod schema/,
      });
    }
  });
});
