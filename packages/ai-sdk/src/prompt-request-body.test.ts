import { expectBreakBytes } from "@ctx/adapter-testing";
import { describe, expect, it } from "vitest";
import { promptDifference } from "./prompt-difference.js";
import { promptRequestBody } from "./prompt-request-body.js";

describe("promptRequestBody", () => {
  it("gives each predicted break the byte where the settings sent part from the previous ones", async () => {
    const breaks = await expectBreakBytes(promptRequestBody, promptDifference);
    expect(breaks.map(({ difference }) => difference.part)).toEqual([
      "message 5 (user)",
      "tools 1",
      "instruction 1 (system)",
    ]);
  });
});
