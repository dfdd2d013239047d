import { describe, expect, it } from "vitest";
import { createRequestBodyMapping } from "./create-request-body-mapping.js";
import { firstDifferingByte } from "./first-differing-byte.js";
import type { ModelInput } from "./model-input.js";

const request: ModelInput = {
  instructions: "Be brief.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
};
const params = (given: ModelInput) => ({ instructions: given.instructions, input: given.input });
const difference = (previous: object, next: object) => firstDifferingByte(previous, next);

describe("createRequestBodyMapping", () => {
  it("puts the caller's fields first, made for each request when a function, then the mapping's", () => {
    let tools = ["shell"];
    const mapping = createRequestBodyMapping({
      fields: () => ({ model: "m", tools }),
      params,
      difference,
    });
    const before = mapping.body(request);
    expect(Object.keys(before)).toEqual(["model", "tools", "instructions", "input"]);
    tools = ["shell", "search"];
    const after = mapping.body(request);
    expect(mapping.difference(before, after)?.path).toEqual(["tools", 1]);
    const fixed = createRequestBodyMapping({ fields: { model: "m" }, params, difference });
    expect(fixed.body(request)).toEqual({ model: "m", ...params(request) });
  });

  it("refuses options that are not a mapping's, and fields that make no object", () => {
    expect(() =>
      createRequestBodyMapping({ fields: [], params, difference } as unknown as Parameters<
        typeof createRequestBodyMapping
      >[0]),
    ).toThrow(/options/);
    const broken = createRequestBodyMapping({
      fields: () => "model" as unknown as object,
      params,
      difference,
    });
    expect(() => broken.body(request)).toThrow(/fields/);
  });
});
