import { expectBreakBytes } from "@ctx/adapter-testing";
import { describe, expect, it } from "vitest";
import { messagesRequestBody } from "./messages-request-body.js";
import { messagesRequestDifference } from "./messages-request-difference.js";

describe("messagesRequestBody", () => {
  it("gives each predicted break the byte where the body sent parts from the previous one", async () => {
    const breaks = await expectBreakBytes(
      (fields) => messagesRequestBody(fields, { cacheControl: { type: "ephemeral", ttl: "5m" } }),
      messagesRequestDifference,
    );
    expect(breaks.map(({ difference }) => difference.part)).toEqual([
      "message 3 (assistant)",
      "tool 1",
      "system block 1 (text)",
    ]);
  });
});
