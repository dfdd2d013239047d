import { describe, expect, it } from "vitest";
import * as entry from "./index.js";

// Each exported schema accepts what its type describes, through the entry. (That the README
// names every export is checked for this package in @ctx/integration.)

describe("the entry of @ctx/protocol", () => {
  it("accepts with each item schema what its type describes", () => {
    const text = { type: "input_text", text: "hi" } as const;
    const message = { type: "message", role: "user", content: [text] } as const;
    expect(entry.roleSchema.parse("developer")).toBe("developer");
    expect(entry.inputTextContentSchema.parse(text)).toEqual(text);
    expect(entry.inputImageContentSchema.parse({ type: "input_image", image_url: "x" })).toEqual({
      type: "input_image",
      image_url: "x",
    });
    expect(entry.outputTextContentSchema.parse({ type: "output_text", text: "ok" })).toEqual({
      type: "output_text",
      text: "ok",
    });
    expect(entry.contentItemSchema.parse(text)).toEqual(text);
    expect(entry.messageItemSchema.parse(message)).toEqual(message);
    expect(entry.responseItemSchema.parse(message)).toEqual(message);
    const input = { instructions: "Be brief.", input: [message] };
    expect(entry.modelInputSchema.parse(input)).toEqual(input);
    expect(entry.roleSchema.safeParse("robot").success).toBe(false);
  });
});
