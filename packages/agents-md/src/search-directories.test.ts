import { posix, win32 } from "node:path";
import { describe, expect, it } from "vitest";
import { searchDirectories } from "./search-directories.js";

describe("searchDirectories", () => {
  it("lists root first down to cwd, both included", () => {
    expect(searchDirectories(posix, "/repo", "/repo/a/b")).toEqual([
      "/repo",
      "/repo/a",
      "/repo/a/b",
    ]);
  });

  it("is cwd alone when cwd is the root or there is no root", () => {
    expect(searchDirectories(posix, "/repo", "/repo")).toEqual(["/repo"]);
    expect(searchDirectories(posix, null, "/repo/a")).toEqual(["/repo/a"]);
  });

  it("works with Windows paths up to the drive root", () => {
    expect(searchDirectories(win32, "C:\\", "C:\\work\\app")).toEqual([
      "C:\\",
      "C:\\work",
      "C:\\work\\app",
    ]);
  });
});
