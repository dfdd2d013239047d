import { expect } from "vitest";
import { truncateMiddle } from "../truncate-middle.js";

/**
 * Cuts `megabytes` MB of text (a quarter of the bytes two-byte `é`, then ASCII) to 10 tokens and
 * checks both ends and the count of tokens cut. The test runs a size that is quick on any
 * machine; the soak test runs the full size.
 */
export function expectLargeCut(megabytes: number): void {
  const quarter = (megabytes * 1024 * 1024) / 4;
  const text = `${"é".repeat(quarter / 2)}${"z".repeat(quarter * 3)}`;
  const result = truncateMiddle(text, 10);
  expect(result.text).toBe(
    `${"é".repeat(10)}…${result.truncatedTokens} tokens truncated…${"z".repeat(20)}`,
  );
  expect(result.truncatedTokens).toBe(Math.ceil((megabytes * 1024 * 1024 - 40) / 4));
}
