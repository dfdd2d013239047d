import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { createTypedMessageMatcher } from "./typed-message-matcher.js";

describe("createTypedMessageMatcher", () => {
  it("names the message a record follows or precedes as typed, and no other", () => {
    const matcher = createTypedMessageMatcher<string>(Number.POSITIVE_INFINITY);
    expect(matcher.sawTyped).toBe(false);
    matcher.message("<environment_context></environment_context>", "injected");
    matcher.message("<environment_context></environment_context>", "pasted");
    matcher.typed("<environment_context></environment_context>");
    matcher.typed("Fix it.");
    matcher.message("Fix it.", "typed after its record");
    expect(matcher.sawTyped).toBe(true);
    expect(matcher.settle()).toEqual([
      { value: "injected", typed: true },
      { value: "pasted", typed: false },
      { value: "typed after its record", typed: true },
    ]);
    expect(matcher.settle()).toEqual([]);
  });

  it("keeps a record across a settle, for the message written after it", () => {
    const matcher = createTypedMessageMatcher<number>(4);
    matcher.typed("later");
    expect(matcher.settle()).toEqual([]);
    matcher.message("later", 1);
    expect(matcher.settle()).toEqual([{ value: 1, typed: true }]);
  });

  it("holds at most the window: the oldest message settles untyped, the oldest record is forgotten", () => {
    const matcher = createTypedMessageMatcher<number>(2);
    for (let index = 0; index < 5; index += 1) matcher.message(`m${index}`, index);
    matcher.typed("m0");
    matcher.typed("m4");
    expect(matcher.settle()).toEqual([
      { value: 0, typed: false },
      { value: 1, typed: false },
      { value: 2, typed: false },
      { value: 3, typed: false },
      { value: 4, typed: true },
    ]);
    for (const key of ["a", "b", "c"]) matcher.typed(key);
    for (const key of ["a", "b", "c"]) matcher.message(key, 0);
    expect(matcher.settle().map((message) => message.typed)).toEqual([false, true, true]);
  });

  it("refuses a window that is not a positive integer", () => {
    expect(() => createTypedMessageMatcher(0)).toThrow(SessionError);
    expect(() => createTypedMessageMatcher(1.5)).toThrow("window");
  });
});
