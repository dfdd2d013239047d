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
  it("redraws one line on a terminal's standard error, and erases it when done", () => {
    const terminal = stream(true);
    const progress = createProgress({
      stdout: stream(true),
      stderr: terminal,
      env: { NO_COLOR: "1" },
      cwd: "/",
    });
    progress.report("read 1000 lines");
    progress.report("read 2000 lines");
    progress.clear();
    progress.clear();
    expect(terminal.written).toEqual([
      "\r\u001b[2Kread 1000 lines",
      "\r\u001b[2Kread 2000 lines",
      "\r\u001b[2K",
    ]);
  });

  it("writes nothing when standard error is not a terminal", () => {
    const pipe = stream(false);
    const progress = createProgress({ stdout: stream(true), stderr: pipe, env: {}, cwd: "/" });
    progress.report("read 1000 lines");
    progress.clear();
    expect(pipe.written).toEqual([]);
  });
});
