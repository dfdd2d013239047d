import { readdirSync, readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { clearMergeCache, countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { expect } from "vitest";
import { boundedCount } from "../tokens/bounded-count.js";

const plain = { disallowedSpecial: new Set<string>() };

// gpt-tokenizer builds its encoder on its first count, which took 16 s of a test's 30 s on a
// loaded machine: build it when this module loads, outside every test's time limit.
countTokens("warm", plain);

/** The o200k_base count of `text` as one piece. */
export function wholeCount(text: string): number {
  const tokens = countTokens(text, plain);
  clearMergeCache();
  return tokens;
}

/** Every string in the Codex rollouts' lines, and every README of this repository. */
export function realTexts(): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.push(value);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
  };
  for (const name of codexRolloutNames) {
    for (const line of readFileSync(codexRolloutPath(name), "utf8").split("\n")) {
      if (line !== "") collect(JSON.parse(line));
    }
  }
  const root = new URL("../../../../", import.meta.url);
  texts.push(readFileSync(new URL("README.md", root), "utf8"));
  for (const name of readdirSync(new URL("packages/", root))) {
    texts.push(readFileSync(new URL(`packages/${name}/README.md`, root), "utf8"));
  }
  return texts;
}

/**
 * Checks that every `step`th real text is handed to the encoder whole, stretch by stretch, and
 * that each one cut only before spaces counts as the whole text does. A text cut elsewhere (a
 * long listing, encrypted reasoning) may drift at that cut, as {@link boundedCount} says.
 */
export function countsRealTextsWhole(step: number): void {
  let exactly = 0;
  for (const [index, text] of realTexts().entries()) {
    if (index % step !== 0) continue;
    const stretches: string[] = [];
    boundedCount(text, (stretch) => {
      stretches.push(stretch);
      return 0;
    });
    expect(stretches.join("")).toBe(text);
    if (stretches.slice(1).every((stretch) => stretch.startsWith(" "))) {
      expect(boundedCount(text, wholeCount)).toBe(wholeCount(text));
      exactly += 1;
    }
  }
  expect(exactly).toBeGreaterThan(1_000 / step);
}

/**
 * Checks that every `step`th real text counts with `count`, stretch by stretch as the default
 * tokenizer counts it, as it did with gpt-tokenizer's encoder (the counts before the packed table).
 */
export function countsRealTextsAsBefore(count: (text: string) => number, step: number): void {
  const texts = realTexts().filter((_, index) => index % step === 0);
  for (const text of texts) {
    expect(boundedCount(text, count)).toBe(boundedCount(text, wholeCount));
  }
  expect(texts.length).toBeGreaterThan(1_000 / step);
}
