import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adapterArgumentChecker } from "./adapter-argument-checker.js";
import { AdapterError } from "./adapter-error.js";

const optionsSchema = z.strictObject({ model: z.string().min(1) });

describe("adapterArgumentChecker", () => {
  const checkArgument = adapterArgumentChecker("gemini");

  it("returns the argument that fits", () => {
    expect(checkArgument("options", { model: "m" }, optionsSchema)).toEqual({ model: "m" });
  });

  it("refuses one that does not with an invalid-argument naming the argument and the provider", () => {
    let thrown: unknown;
    try {
      checkArgument("options", { model: 3 }, optionsSchema);
    } catch (error) {
      thrown = error;
    }
    expect(AdapterError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: "invalid-argument", provider: "gemini" });
    expect((thrown as Error).message).toMatch(/^invalid options: model: /);
  });
});
