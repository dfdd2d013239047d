import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { matchesMarkedText } from "./match-marked-text.js";

const start = "<environment_context>";
const end = "</environment_context>";

/** A flat string, as JSON.parse gives when a history is read, not a lazily concatenated one. */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A marked text with a body of `bytes` ASCII bytes, white space around it and upper-case markers. */
function marked(bytes: number): string {
  return flat(`\n  ${start.toUpperCase()}\n${"x".repeat(bytes)}\n${end.toUpperCase()}  \n`);
}

// The rule compares the markers at both ends and never reads the middle, so the three figures
// should be alike: recognising a history costs the same whatever its messages hold.
describe("matchesMarkedText, one marked text", () => {
  for (const bytes of [100, 100_000, 10_000_000]) {
    const text = marked(bytes);
    bench(
      `${bytes.toLocaleString("en")} byte body`,
      () => {
        if (!matchesMarkedText(text, start, end)) throw new Error("the bench text must match");
      },
      benchOptions(),
    );
  }

  const unmarked = flat(`Please look at this: ${"x".repeat(10_000_000)}`);
  bench(
    "10,000,000 byte text without markers",
    () => {
      if (matchesMarkedText(unmarked, start, end)) throw new Error("the bench text must not match");
    },
    benchOptions(),
  );
});
