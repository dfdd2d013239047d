import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as entry from "./index.js";

// Every name the entry exports, values and types alike, is listed in the README's table, so the
// README is the whole public surface; and each exported schema accepts what its type describes.

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const index = readFileSync(new URL("./index.ts", import.meta.url), "utf8");
const exportedNames = [...index.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((match) =>
  (match[1] ?? "")
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter((name) => name !== ""),
);

describe("the entry of @ctx/protocol", () => {
  it("names every export in the README", () => {
    expect(exportedNames.length).toBeGreaterThan(Object.keys(entry).length);
    for (const name of Object.keys(entry)) expect(exportedNames).toContain(name);
    const unlisted = exportedNames.filter((name) => !new RegExp(`\`${name}[\`(]`).test(readme));
    expect(unlisted).toEqual([]);
  });

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
