import type { CtxWarning } from "@ctx/text";
import { describe, expect, it } from "vitest";
import { UnreadLines } from "./unread-lines.js";

describe("UnreadLines", () => {
  it("names the first ten lines it could not read and counts the rest in one warning", () => {
    const warnings: CtxWarning[] = [];
    const unread = new UnreadLines(warnings);
    for (let line = 1; line <= 13; line += 1) unread.add(line, "not JSON");
    unread.finish();
    expect(unread.count).toBe(13);
    expect(warnings.map((warning) => warning.code)).toEqual([
      ...Array.from({ length: 10 }, () => "line-does-not-fit"),
      "lines-do-not-fit",
    ]);
    expect(warnings[0]?.message).toBe("line 1 was skipped: not JSON");
    expect(warnings.at(-1)?.message).toBe("3 more line(s) that could not be read were skipped");
  });

  it("adds no closing warning when every line it could not read was named", () => {
    const warnings: CtxWarning[] = [];
    const unread = new UnreadLines(warnings);
    unread.add(4, "torn");
    unread.finish();
    expect(warnings).toEqual([{ code: "line-does-not-fit", message: "line 4 was skipped: torn" }]);
  });
});
