/** A runnable example found in a README. */
export interface ReadmeExample {
  /** Where it starts, as `path:line`. */
  readonly location: string;
  /** The TypeScript module that runs it, with every `// =>` line turned into a check. */
  readonly source: string;
}

const fence = /^```(ts|typescript)\s*$/;
const expectation = /^(\s*)(.+?);\s*\/\/ => (.+)$/;

/** The helper every generated module starts with: a `// =>` line becomes a deep-equality check. */
const prelude = [
  'import { expect as expectValue } from "vitest";',
  "const check = (actual: unknown, expected: unknown, where: string): void => {",
  "  expectValue(actual, where).toEqual(expected);",
  "};",
].join("\n");

/**
 * Every ```ts block of a README, as a module to import. A line `expression; // => value` becomes
 * `check(expression, value, "path:line")`, so the value a README shows is the value the code
 * gives.
 *
 * @throws {Error} when a line carries `// =>` but is not of that form, so a README never shows a
 * value that is not checked.
 */
export function readmeExamples(path: string, markdown: string): ReadmeExample[] {
  const lines = markdown.split("\n");
  const examples: ReadmeExample[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!fence.test(lines[index] ?? "")) continue;
    const start = index + 1;
    const body: string[] = [];
    for (index = start; index < lines.length && lines[index]?.trimEnd() !== "```"; index += 1) {
      const line = lines[index] ?? "";
      body.push(toCheck(line, `${path}:${index + 1}`));
    }
    examples.push({ location: `${path}:${start}`, source: `${prelude}\n${body.join("\n")}\n` });
  }
  return examples;
}

function toCheck(line: string, where: string): string {
  if (!line.includes("// =>")) return line;
  const match = expectation.exec(line);
  if (match === null)
    throw new Error(`${where}: a "// =>" line must read "expression; // => value"`);
  const [, indent = "", expression = "", expected = ""] = match;
  return `${indent}check(${expression}, ${expected}, ${JSON.stringify(where)});`;
}
