import { posix } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { posixPath } from "./posix-path.js";

const segment = fc.constantFrom("", ".", "..", "...", "a", "b", "c.d", " ", "é");
const path = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 6 }), fc.boolean())
  .map(
    ([absolute, segments, trailing]) =>
      `${absolute ? "/" : ""}${segments.join("/")}${trailing ? "/" : ""}`,
  );
const absolutePath = path.map((value) => (value.startsWith("/") ? value : `/${value}`));

describe("posixPath", () => {
  it("joins and takes the folder of a path as node:path/posix does", () => {
    fc.assert(
      fc.property(fc.array(path, { maxLength: 4 }), (paths) => {
        expect(posixPath.join(...paths)).toBe(posix.join(...paths));
        for (const value of paths) {
          expect(posixPath.dirname(value)).toBe(posix.dirname(value));
          expect(posixPath.isAbsolute(value)).toBe(posix.isAbsolute(value));
        }
      }),
    );
  });

  it("resolves as node:path/posix does from the root", () => {
    fc.assert(
      fc.property(fc.array(path, { maxLength: 4 }), (paths) => {
        expect(posixPath.resolve(...paths)).toBe(posix.resolve("/", ...paths));
      }),
    );
  });

  it("gives the relative path between two absolute paths as node:path/posix does", () => {
    fc.assert(
      fc.property(absolutePath, absolutePath, (from, to) => {
        expect(posixPath.relative(from, to)).toBe(posix.relative(from, to));
      }),
    );
  });

  it("keeps the edge cases of node:path/posix", () => {
    const cases = ["", "/", "//", "//a", "a", "a/", "/a/b/", "../..", "/..", "./"];
    for (const value of cases) {
      expect(posixPath.dirname(value)).toBe(posix.dirname(value));
      expect(posixPath.join(value)).toBe(posix.join(value));
    }
    expect(posixPath.join()).toBe(".");
    expect(posixPath.resolve()).toBe("/");
    expect(posixPath.resolve("a/b", "../c")).toBe("/a/c");
    expect(posixPath.relative("/a/b", "/a/b")).toBe("");
    expect(posixPath.relative("/a/b/c", "/a/x")).toBe("../../x");
    expect(posixPath.sep).toBe("/");
  });
});
