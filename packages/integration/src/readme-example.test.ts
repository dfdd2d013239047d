import { describe, expect, it } from "vitest";
import { readmeExamples } from "./readme-example.js";

describe("readmeExamples", () => {
  it("turns every ts block into a module and every // => line into a check", () => {
    const markdown = [
      "# Title",
      "```ts",
      'import { x } from "y";',
      "x.value; // => 3",
      "```",
      "",
      "```sh",
      "pnpm test",
      "```",
      "```typescript",
      "  nested.call(1); // => { a: 1 }",
      "```",
    ].join("\n");
    const examples = readmeExamples("README.md", markdown);
    expect(examples.map((example) => example.location)).toEqual(["README.md:2", "README.md:10"]);
    expect(examples[0]?.source).toContain(
      'import { x } from "y";\ncheck(x.value, 3, "README.md:4");',
    );
    expect(examples[1]?.source).toContain('  check(nested.call(1), { a: 1 }, "README.md:11");');
  });

  it("refuses a // => line it cannot check", () => {
    expect(() => readmeExamples("R.md", "```ts\nvalue // => 1\n```")).toThrowError(/R\.md:2/);
  });
});
