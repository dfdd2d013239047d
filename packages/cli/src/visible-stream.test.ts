import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlOtherThanNewline, hostileText, ownSequences } from "./__fixtures__/hostile-text.js";
import { createPaint, createProgress } from "./terminal.js";
import { createVisibleStream } from "./visible-stream.js";

function terminal() {
  const written: string[] = [];
  return { written, isTTY: true, write: (text: string) => written.push(text) > 0 };
}

describe("createVisibleStream", () => {
  it("lets no control character but newline and tab through off a terminal", () => {
    fc.assert(
      fc.property(fc.array(hostileText), (texts) => {
        const stream = terminal();
        const visible = createVisibleStream(stream, "none");
        for (const text of texts) visible.write(text);
        expect(stream.written.join("").replaceAll("\t", "")).not.toMatch(controlOtherThanNewline);
      }),
    );
  });

  it("lets ctx's own colours and progress line through, and nothing else a file could hold", () => {
    fc.assert(
      fc.property(fc.array(hostileText), (texts) => {
        const stream = terminal();
        const visible = createVisibleStream(stream, "colour-and-progress");
        const paint = createPaint(visible, {});
        const progress = createProgress({ stdout: visible, stderr: visible, env: {}, cwd: "/" });
        for (const text of texts) {
          visible.write(paint("red", text));
          progress.report(text);
        }
        progress.clear();
        const written = stream.written.join("");
        expect(written.replace(ownSequences, "").replaceAll("\t", "")).not.toMatch(
          controlOtherThanNewline,
        );
        if (texts.length > 0) expect(written).toContain("\u001b[31m");
      }),
    );
  });

  it("keeps JSON's value", () => {
    fc.assert(
      fc.property(fc.dictionary(hostileText, hostileText), (value) => {
        const stream = terminal();
        createVisibleStream(stream, "none").write(JSON.stringify(value, null, 2));
        expect(JSON.parse(stream.written.join(""))).toEqual(value);
      }),
    );
  });
});
