import { describe, expect, it, vi } from "vitest";
import { boundedCount } from "./bounded-count.js";

// Every load of the encoding goes through this mock, so the test sees whether and when it happens,
// and how often the encoder's merge cache is emptied.
const loads = vi.hoisted(() => ({ count: 0, clears: 0 }));
vi.mock("gpt-tokenizer/encoding/o200k_base", async (importOriginal) => {
  loads.count += 1;
  const encoding = await importOriginal<typeof import("gpt-tokenizer/encoding/o200k_base")>();
  return {
    ...encoding,
    clearMergeCache: () => {
      loads.clears += 1;
      encoding.clearMergeCache();
    },
  };
});

describe("loadDefaultTokenizer", () => {
  it("is not loaded by importing the package, and loads once on the first call", async () => {
    const { loadDefaultTokenizer } = await import("../index.js");
    expect(loads.count).toBe(0);
    const [first, second] = await Promise.all([loadDefaultTokenizer(), loadDefaultTokenizer()]);
    expect(loads.count).toBe(1);
    expect(second).toBe(first);
    expect(await loadDefaultTokenizer()).toBe(first);
    expect(first.name).toBe("o200k_base");
  });

  it("counts o200k_base tokens, special-token text as plain text", async () => {
    const { loadDefaultTokenizer } = await import("./load-default-tokenizer.js");
    const tokenizer = await loadDefaultTokenizer();
    expect(tokenizer.count("")).toBe(0);
    expect(tokenizer.count("hello world")).toBe(2);
    expect(tokenizer.count("a <|endoftext|> b")).toBe(9);
  });

  it("empties the encoder's merge cache after each stretch, so it never fills", async () => {
    const { loadDefaultTokenizer } = await import("./load-default-tokenizer.js");
    const tokenizer = await loadDefaultTokenizer();
    const before = loads.clears;
    const text = `${"word ".repeat(11_999)}word`;
    let stretches = 0;
    boundedCount(text, () => {
      stretches += 1;
      return 0;
    });
    expect(tokenizer.count(text)).toBe(12_000);
    expect(stretches).toBeGreaterThan(25);
    expect(loads.clears - before).toBe(stretches);
  });

  it("refuses a text that is not a string", async () => {
    const { loadDefaultTokenizer } = await import("./load-default-tokenizer.js");
    const tokenizer = await loadDefaultTokenizer();
    expect(() => Reflect.apply(tokenizer.count, tokenizer, [42])).toThrow(
      "text: expected a string, got 42",
    );
  });
});
