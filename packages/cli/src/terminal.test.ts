import { describe, expect, it } from "vitest";
import { createPaint, createProgress } from "./terminal.js";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
}

describe("createPaint", () => {
  it("colours on a terminal", () => {
    expect(createPaint(stream(true), {})("red", "x")).toBe("\u001b[31mx\u001b[39m");
  });

  it("stays plain with NO_COLOR, or off a terminal", () => {
    expect(createPaint(stream(true), { NO_COLOR: "1" })("red", "x")).toBe("x");
    expect(createPaint(stream(false), {})("red", "x")).toBe("x");
  });

  it("colours when NO_COLOR is empty, as no-color.org asks", () => {
    expect(createPaint(stream(true), { NO_COLOR: "" })("bold", "x")).toBe("\u001b[1mx\u001b[22m");
  });
});

describe("createProgress", () => {
  it("writes progress to standard error on a terminal only", () => {
    const terminal = stream(true);
    const pipe = stream(false);
    createProgress({ stdout: stream(true), stderr: terminal, env: { NO_COLOR: "1" }, cwd: "/" })(
      "reading",
    );
    createProgress({ stdout: stream(true), stderr: pipe, env: {}, cwd: "/" })("reading");
    expect(terminal.written).toEqual(["reading\n"]);
    expect(pipe.written).toEqual([]);
  });
});
