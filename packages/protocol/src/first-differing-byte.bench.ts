import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { deepFreeze } from "./deep-freeze.js";
import { firstDifferingByte } from "./first-differing-byte.js";

/** 100,000 frozen items, as a session's mapping hands them from one request to the next. */
const items = Array.from({ length: 100_000 }, (_, index) =>
  deepFreeze({
    type: "function_call_output",
    call_id: `call_${index}`,
    output: `line ${index}: ${"x".repeat(80)}`,
  }),
);
const previous = { model: "gpt-6.2-sol", instructions: "Be brief.", input: items.slice(0, -1) };
const grown = { ...previous, input: items };
const rewritten = { ...previous, input: [{ type: "message", role: "user" }, ...items.slice(1)] };

describe("firstDifferingByte at 100,000 history items", () => {
  // The second call on and on: the lengths of the frozen items are known after the first.
  bench(
    "a request that only grows",
    () => void firstDifferingByte(previous, grown),
    benchOptions(),
  );
  bench(
    "a request whose first item differs",
    () => void firstDifferingByte(previous, rewritten),
    benchOptions(),
  );
  bench(
    "JSON.stringify of the grown body, for scale",
    () => void JSON.stringify(grown),
    benchOptions(),
  );
});
