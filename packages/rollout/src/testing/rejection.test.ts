import { describe, expect, it } from "vitest";
import { RolloutError } from "../rollout-error.js";
import { rejection } from "./rejection.js";

describe("rejection", () => {
  it("returns what the promise rejected with", async () => {
    const refused = new Error("refused");
    expect(await rejection(Promise.reject(refused))).toBe(refused);
    expect(await rejection(Promise.reject("a string"))).toBe("a string");
  });

  it("fails when the promise resolves", async () => {
    await expect(rejection(Promise.resolve(1))).rejects.toThrow(/resolved/);
  });

  it("refuses what is not a promise with an invalid-argument", async () => {
    for (const value of [undefined, 1, "x", {}]) {
      const error = await rejection(rejection(value as never));
      expect(RolloutError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: "invalid-argument" });
    }
  });
});
