import { describe, expect, it } from "vitest";
import { describeAnswerEnding, describeRewind, InspectedEvents } from "./inspected-events.js";

describe("InspectedEvents", () => {
  it("keeps the first events up to its limit and counts every one", () => {
    const events = new InspectedEvents(2);
    for (const line of [3, 5, 8]) events.add({ line, turn: 1, type: "aborted", detail: "x" });
    expect(events.count).toBe(3);
    expect(events.list.map((event) => event.line)).toEqual([3, 5]);
  });
});

describe("the events' words", () => {
  it("say where a rewind went back to and what it left out", () => {
    expect(describeRewind(0, 2)).toBe(
      "the person rewound to the start: the 2 record(s) of the branch they left are not in the history",
    );
    expect(describeRewind(14, 1)).toContain("rewound to line 14");
  });

  it("say how an answer that did not complete ended", () => {
    expect(describeAnswerEnding("cut")).toBe(
      "the model's answer was cut short (the provider's output limit)",
    );
    expect(describeAnswerEnding("refused")).toBe("the model refused to answer");
  });
});
