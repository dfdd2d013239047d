import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HandedMessages, handOutMessages } from "./hand-out-messages.js";

/** One step of a mapping's life: messages that end, a run left open, a caller's write. */
const stepArbitrary = fc.record({
  closed: fc.nat(3),
  open: fc.boolean(),
  count: fc.nat(3),
  callerPops: fc.boolean(),
});

describe("handOutMessages", () => {
  it("gives the messages in order with the last ones marked by their place from the end, in the same array while it can", () => {
    fc.assert(
      fc.property(fc.nat(2), fc.array(stepArbitrary, { maxLength: 8 }), (beforeCount, steps) => {
        const before = Array.from({ length: beforeCount }, (_, index) => `before ${index}`);
        const closed: string[] = [];
        let previous: HandedMessages<string> | undefined;
        for (const [stepIndex, step] of steps.entries()) {
          for (let added = 0; added < step.closed; added += 1) closed.push(`m${closed.length}`);
          const open = step.open ? `open ${stepIndex}` : undefined;
          const marked = {
            count: step.count,
            mark: (message: string, fromEnd: number) => `${message}*${fromEnd}`,
          };
          const handed = handOutMessages(previous, {
            before,
            instructions: "",
            closed,
            open,
            marked,
          });
          const expected = [...before, ...closed, ...(open === undefined ? [] : [open])];
          const markFrom = Math.max(0, expected.length - step.count);
          expect(handed.messages).toEqual(
            expected.map((message, index) =>
              index >= markFrom ? `${message}*${expected.length - index}` : message,
            ),
          );
          if (previous !== undefined && previous.messages.length === previous.length) {
            expect(handed.messages).toBe(previous.messages);
          }
          if (step.callerPops) handed.messages.pop();
          previous = handed;
        }
      }),
    );
  });

  it("leaves an array a caller changed to the caller, and one alone when a mark throws", () => {
    const closed = ["a", "b"];
    const first = handOutMessages(undefined, {
      before: [],
      instructions: undefined,
      closed,
      open: undefined,
      marked: undefined,
    });
    first.messages.push("stranger");
    const second = handOutMessages(first, { ...first, closed, open: undefined, marked: undefined });
    expect(second.messages).not.toBe(first.messages);
    expect(second.messages).toEqual(["a", "b"]);
    const failing = {
      count: 1,
      mark: () => {
        throw new Error("no mark");
      },
    };
    expect(() =>
      handOutMessages(second, {
        ...second,
        closed: [...closed, "c"],
        open: undefined,
        marked: failing,
      }),
    ).toThrow("no mark");
    expect(second.messages).toEqual(["a", "b"]);
  });
});
