import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { readSkillFrontMatter } from "./read-skill-front-matter.js";

/** A SKILL.md whose front matter holds a name, a description and `bytes` bytes of short keys. */
function manyShortKeys(bytes: number): string {
  const lines = ["---", "name: many", "description: d"];
  for (let index = 0, size = 0; size < bytes; index += 1) {
    const line = `k${index}: v`;
    lines.push(line);
    size += line.length + 1;
  }
  return [...lines, "---", "Body."].join("\n");
}

// Each key is checked against the keys before it through a set, so reading grows with the front
// matter's size: the figure for 64 KiB should be about four times the one for 16 KiB (it was
// about twelve times, 1.06 s, while the yaml library compared every pair of keys).
describe("readSkillFrontMatter, a front matter of short keys", () => {
  for (const kibibytes of [16, 64]) {
    const text = manyShortKeys(benchSize(kibibytes, 1) * 1024);
    bench(
      `${kibibytes} KiB`,
      () => {
        if ("skip" in readSkillFrontMatter(text, "many"))
          throw new Error("the bench file must read");
      },
      benchOptions(),
    );
  }
});
