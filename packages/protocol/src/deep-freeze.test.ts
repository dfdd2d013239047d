import { describe, expect, it } from "vitest";
import { deepFreeze, isDeepFrozen } from "./deep-freeze.js";

describe("deepFreeze", () => {
  it("freezes every object inside the value, and ends on a value that refers to itself", () => {
    const looped: { self?: unknown; list: { text: string }[] } = { list: [{ text: "a" }] };
    looped.self = looped;
    expect(deepFreeze(looped)).toBe(looped);
    expect(Object.isFrozen(looped.list[0])).toBe(true);
    expect(isDeepFrozen(looped)).toBe(true);
  });

  it("leaves primitives as they are", () => {
    expect(deepFreeze("text")).toBe("text");
    expect(isDeepFrozen(3)).toBe(true);
  });
});

describe("isDeepFrozen", () => {
  it("is false when any object inside is still mutable", () => {
    const item = Object.freeze({ content: [{ text: "a" }] });
    expect(isDeepFrozen(item)).toBe(false);
    expect(isDeepFrozen(Object.freeze({ content: Object.freeze([Object.freeze({})]) }))).toBe(true);
  });
});
