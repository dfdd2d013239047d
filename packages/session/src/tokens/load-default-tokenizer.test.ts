import { describe, expect, it, vi } from "vitest";

// Every load of the rank table goes through this mock, so the test sees whether and when it happens.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./o200k-ranks.js", async (importOriginal) => {
  const ranks = await importOriginal<typeof import("./o200k-ranks.js")>();
  return {
    loadO200kRanks: () => {
      loads.count += 1;
      return ranks.loadO200kRanks();
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

  it("refuses a text that is not a string", async () => {
    const { loadDefaultTokenizer } = await import("./load-default-tokenizer.js");
    const tokenizer = await loadDefaultTokenizer();
    expect(() => Reflect.apply(tokenizer.count, tokenizer, [42])).toThrow(
      "invalid text: expected a string, got 42",
    );
  });
});
