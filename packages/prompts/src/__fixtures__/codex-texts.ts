import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";

/** A Codex summary as its rollout records it: the `compacted` line's `message`. */
export function codexSummaries(): string[] {
  return rolloutLines()
    .filter((line) => line.type === "compacted")
    .map((line) => String((line.payload as { message?: unknown }).message ?? ""))
    .filter((message) => message !== "");
}

/**
 * Every text Codex itself wrote into the real rollouts: base instructions, developer and user
 * message texts, and compaction summaries. Used to check that none of our prose repeats it.
 */
export function codexTexts(): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
  };
  for (const line of rolloutLines()) collect(line.payload);
  return texts;
}

function rolloutLines(): { type: string; payload: unknown }[] {
  return codexRolloutNames.flatMap((name) =>
    readFileSync(codexRolloutPath(name), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { type: string; payload: unknown }];
        } catch {
          return [];
        }
      }),
  );
}
