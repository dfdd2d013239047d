import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithSchema } from "./parse-with-schema.js";

class OptionsError extends Error {}

const schema = z.strictObject({ name: z.string(), size: z.number().int().optional() });
const toError = (problems: string) => new OptionsError(`invalid options: ${problems}`);

describe("parseWithSchema", () => {
  it("returns the value as the schema parses it", () => {
    expect(parseWithSchema(schema, { name: "a", size: 2 }, toError)).toEqual({
      name: "a",
      size: 2,
    });
    expect(parseWithSchema(z.string().trim(), "  a ", toError)).toBe("a");
  });

  it("throws the caller's error, naming every problem in one line", () => {
    const failure = () => parseWithSchema(schema, { name: 1, size: 1.5, extra: true }, toError);
    expect(failure).toThrow(OptionsError);
    expect(failure).toThrow(
      "invalid options: name: expected string, received number; size: expected int, received number; extra: unknown field",
    );
  });

  it("says a field the value lacks is missing", () => {
    expect(() => parseWithSchema(schema, {}, toError)).toThrow(
      "invalid options: name: missing (expected string)",
    );
  });

  it("refuses a schema that is not one, and an error maker that is not a function", () => {
    expect(() => parseWithSchema({} as z.ZodType, 1, toError)).toThrow(
      expect.objectContaining({ name: "ProtocolError", code: "invalid-argument" }),
    );
    expect(() => parseWithSchema(null as unknown as z.ZodType, 1, toError)).toThrow(
      "invalid schema: expected a zod schema",
    );
    expect(() =>
      parseWithSchema(schema, {}, "no" as unknown as (problems: string) => Error),
    ).toThrow("invalid toError: expected a function");
  });
});
