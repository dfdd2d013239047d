import { describe, expect, it } from "vitest";
import { parseCallArguments } from "./parse-call-arguments.js";

describe("parseCallArguments", () => {
  it("reads a JSON object and nothing else", () => {
    expect(parseCallArguments('{"path":"src/a.ts","n":2}')).toEqual({ path: "src/a.ts", n: 2 });
    expect(parseCallArguments("[1,2]")).toBeUndefined();
    expect(parseCallArguments("null")).toBeUndefined();
    expect(parseCallArguments('"text"')).toBeUndefined();
    expect(parseCallArguments("{not json")).toBeUndefined();
  });
});
