import fc from "fast-check";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { keyLines, lineOf, pathKey } from "./key-lines.js";

describe("keyLines", () => {
  it("finds keys under tables, quoted keys and dotted keys, past multi-line strings", () => {
    const text = [
      'model = "a"',
      'developer_instructions = """',
      "not_a_key = 1",
      '"""',
      '[projects."/repo.x"]',
      "trust_level = 'trusted'",
      "[sandbox_workspace_write]",
      "network_access = true",
      "skills.include_instructions = false",
    ].join("\n");
    const lines = keyLines(text);
    expect(lines.get(pathKey(["model"]))).toBe(1);
    expect(lines.has(pathKey(["not_a_key"]))).toBe(false);
    expect(lines.get(pathKey(["projects", "/repo.x", "trust_level"]))).toBe(6);
    expect(lines.get(pathKey(["sandbox_workspace_write", "network_access"]))).toBe(8);
    expect(lines.get(pathKey(["sandbox_workspace_write", "skills", "include_instructions"]))).toBe(
      9,
    );
    expect(lineOf(lines, ["sandbox_workspace_write", "writable_roots"])).toBe(7);
  });

  it("gives every top-level key of a generated file the line it is written on", () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
    const value = fc.oneof(
      fc.integer().map(String),
      fc.string().map((text) => JSON.stringify(text)),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, value), { selector: ([name]) => name, maxLength: 12 }),
        fc.array(fc.constantFrom("", "# note"), { maxLength: 12 }),
        (pairs, fillers) => {
          const rows: string[] = [];
          const expected = new Map<string, number>();
          pairs.forEach(([name, written], index) => {
            if (fillers[index] !== undefined) rows.push(fillers[index]);
            rows.push(`${name} = ${written}`);
            expected.set(name, rows.length);
          });
          const text = rows.join("\n");
          parse(text);
          const lines = keyLines(text);
          for (const [name, line] of expected) expect(lines.get(pathKey([name]))).toBe(line);
        },
      ),
      { numRuns: 200 },
    );
  });
});
