import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "./base64-url.js";

describe("encodeBase64Url", () => {
  it("writes what Node's Buffer writes, and reads back what it wrote", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const encoded = encodeBase64Url(text);
        expect(encoded).toBe(Buffer.from(text, "utf8").toString("base64url"));
        expect(decodeBase64Url(encoded)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a cursor written by Node's Buffer", () => {
    const cursor = Buffer.from(JSON.stringify(["2026-02-26T10:00:00.000Z", "s-1"])).toString(
      "base64url",
    );
    expect(decodeBase64Url(cursor)).toBe('["2026-02-26T10:00:00.000Z","s-1"]');
  });

  it("refuses what no encoding writes", () => {
    expect(decodeBase64Url("a")).toBeUndefined();
    expect(decodeBase64Url("ab+/")).toBeUndefined();
    expect(decodeBase64Url("_w")).toBeUndefined();
  });
});
