import { describe, expect, it } from "vitest";
import { toolDefinitionSchema } from "./tool-definition.js";

describe("toolDefinitionSchema", () => {
  it("takes a name the providers accept and an object schema, and nothing else", () => {
    const tool = { name: "recall", description: "Reads back.", parameters: { type: "object" } };
    expect(toolDefinitionSchema.parse(tool)).toEqual(tool);
    expect(toolDefinitionSchema.safeParse({ ...tool, name: "has space" }).success).toBe(false);
    expect(toolDefinitionSchema.safeParse({ ...tool, name: "x".repeat(65) }).success).toBe(false);
    expect(toolDefinitionSchema.safeParse({ ...tool, parameters: [] }).success).toBe(false);
    expect(toolDefinitionSchema.safeParse({ ...tool, strict: true }).success).toBe(false);
  });
});
