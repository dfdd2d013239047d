import { describe, expect, it } from "vitest";
import { codeRegions } from "./code-regions.js";

function covered(text: string): string[] {
  return codeRegions(text).map(([start, end]) => text.slice(start, end));
}

describe("codeRegions", () => {
  it("finds fenced blocks of backticks and of tildes, fences included", () => {
    const text = "before\n\n```ts\nconst a = 1;\n```\n\nbetween\n\n~~~~\nx\n~~~~\nafter";
    expect(covered(text)).toEqual(["```ts\nconst a = 1;\n```", "~~~~\nx\n~~~~"]);
  });

  it("closes a fence only with the same character, at least as long", () => {
    const text = "````\n```\n~~~~\nstill code\n````\nprose";
    expect(covered(text)).toEqual(["````\n```\n~~~~\nstill code\n````"]);
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

  it("reads indented code blocks as code, but not indented list content", () => {
    expect(covered("para\n\n    @indented.md\n")).toEqual(["    @indented.md"]);
    expect(covered("- item\n\n    @nested.md\n")).toEqual([]);
  });

  it("finds code inside lists and quotes, with CRLF line ends", () => {
    expect(covered("> ```\r\n> code\r\n> ```\r\n")).toEqual(["```\r\n> code\r\n> ```"]);
  });
});
