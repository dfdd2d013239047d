import { describe, expect, it } from "vitest";
import { jsonValueSchema } from "./json-value.js";

describe("jsonValueSchema", () => {
  it("accepts nested JSON and rejects what JSON cannot hold", () => {
    expect(jsonValueSchema.safeParse({ a: [1, "b", null, { c: true }] }).success).toBe(true);
    expect(jsonValueSchema.safeParse({ a: undefined }).success).toBe(false);
    expect(jsonValueSchema.safeParse(Number.NaN).success).toBe(false);
    expect(jsonValueSchema.safeParse(new Map()).success).toBe(false);
  });
});
