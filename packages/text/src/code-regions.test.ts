import { describe, expect, it } from "vitest";
import { codeRegions } from "./code-regions.js";

function covered(text: string): string[] {
  return codeRegions(text).map(([start, end]) => text.slice(start, end));
}

describe("codeRegions", () => {
  it("finds fenced blocks of backticks and of tildes, fences included", () => {
    const text = "before\n```ts\nconst a = 1;\n```\nbetween\n~~~~\nx\n~~~~\nafter";
    expect(covered(text)).toEqual(["```ts\nconst a = 1;\n```\n", "~~~~\nx\n~~~~\n"]);
  });

  it("closes a fence only with the same character, at least as long", () => {
    const text = "````\n```\n~~~~\nstill code\n````\nprose";
    expect(covered(text)).toEqual(["````\n```\n~~~~\nstill code\n````\n"]);
  });

  it("runs an unclosed fence to the end of the text", () => {
    expect(covered("prose\n```\nnever closed\n@a.md")).toEqual(["```\nnever closed\n@a.md"]);
  });

  it("finds inline code spans of matching backtick runs, across a line break", () => {
    expect(covered("use `@a.md` and ``b ` c`` or `two\nlines`")).toEqual([
      "`@a.md`",
      "``b ` c``",
      "`two\nlines`",
    ]);
  });

  it("treats a backtick without a partner as text, and never spans a blank line", () => {
    expect(covered("a ` b\n\nc ` d")).toEqual([]);
  });

  it("accepts fences indented up to three spaces and CRLF line ends", () => {
    expect(covered("   ```\r\ncode\r\n   ```\r\nprose")).toEqual(["   ```\r\ncode\r\n   ```\r\n"]);
    expect(covered("    ```\ncode\n    ```")).toEqual(["```\ncode\n    ```"]);
  });
});

describe("codeRegions on large input", () => {
  it("reads a megabyte of prose full of backticks", () => {
    const text = "a`b ".repeat(256 * 1024);
    expect(codeRegions(text)).toHaveLength(128 * 1024);
  });

  it("reads runs of every length, none with a partner, without rescanning the paragraph", () => {
    const text = Array.from({ length: 1500 }, (_, index) => "`".repeat(index + 1)).join(" x ");
    expect(codeRegions(text)).toEqual([]);
  });
});

describe("codeRegions with unmatched runs", () => {
  it("pairs runs of each length in order and leaves unmatched ones as text", () => {
    expect(covered("`` a ` b ``` c `` d ` e")).toEqual(["`` a ` b ``` c ``"]);
  });
});
