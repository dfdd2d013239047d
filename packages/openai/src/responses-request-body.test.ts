import { expectBreakBytes } from "@ctx/adapter-testing";
import { describe, expect, it } from "vitest";
import { responsesRequestBody } from "./responses-request-body.js";
import { responsesRequestDifference } from "./responses-request-difference.js";

describe("responsesRequestBody", () => {
  it("gives each predicted break the byte where the body sent parts from the previous one", async () => {
    const breaks = await expectBreakBytes(
      (fields) => responsesRequestBody(fields, { promptCacheKey: "bytes" }),
      responsesRequestDifference,
    );
    expect(breaks.map(({ difference }) => difference.part)).toEqual([
      "input item 6 (user)",
      "tool 1",
      "input item 0 (user)",
    ]);
  });
});
