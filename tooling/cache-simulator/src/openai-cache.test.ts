import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countHashes, minutes, responsesBody } from "./__fixtures__/bodies.js";
import { createOpenAICache } from "./openai-cache.js";

const cache = () => createOpenAICache({ countTokens: countHashes });

describe("createOpenAICache", () => {
  it("reads a repeated prompt from 1,024 tokens on, in 128-token steps", () => {
    const simulated = cache();
    const body = responsesBody([1000, 1000, 1000]);
    expect(simulated.serve(body)).toEqual({
      totalTokens: 3000,
      cachedTokens: 0,
      writtenTokens: { "5m": 0, "1h": 0 },
      uncachedTokens: 3000,
      sharedTokens: 0,
    });
    expect(simulated.serve(body)).toMatchObject({ cachedTokens: 2944, uncachedTokens: 56 });
  });

  it("keeps nothing of a prompt under 1,024 tokens", () => {
    const simulated = cache();
    simulated.serve(responsesBody([1000]));
    expect(simulated.serve(responsesBody([1000, 500])).cachedTokens).toBe(0);
  });

  it("reads the prefix up to the first item that differs", () => {
    const simulated = cache();
    simulated.serve(responsesBody([800, 400, 700, 900]));
    expect(simulated.serve(responsesBody([800, 400, 701, 900]))).toMatchObject({
      cachedTokens: 1152,
      sharedTokens: 1200,
    });
    expect(simulated.serve(responsesBody([801, 400, 700, 900])).cachedTokens).toBe(0);
  });

  it("shares nothing across cache keys, tools or models", () => {
    const simulated = cache();
    simulated.serve(responsesBody([3000], { prompt_cache_key: "a" }));
    expect(simulated.serve(responsesBody([3000], { prompt_cache_key: "b" })).cachedTokens).toBe(0);
    expect(
      simulated.serve(responsesBody([3000], { prompt_cache_key: "a", model: "gpt-5.4" }))
        .cachedTokens,
    ).toBe(0);
    expect(
      simulated.serve(responsesBody([3000], { prompt_cache_key: "a", tools: [{ name: "shell" }] }))
        .cachedTokens,
    ).toBe(0);
    expect(simulated.serve(responsesBody([3000], { prompt_cache_key: "a" })).cachedTokens).toBe(
      2944,
    );
  });

  it("forgets a prompt unused for 5 minutes, or 24 hours when asked to keep it", () => {
    const simulated = cache();
    simulated.serve(responsesBody([3000]), 0);
    expect(simulated.serve(responsesBody([3000]), minutes(4)).cachedTokens).toBe(2944);
    expect(simulated.serve(responsesBody([3000]), minutes(10)).cachedTokens).toBe(0);
    const kept = responsesBody([3000], { prompt_cache_retention: "24h" });
    simulated.serve(kept, minutes(10));
    expect(simulated.serve(kept, minutes(70)).cachedTokens).toBe(2944);
  });

  it("reports cached tokens on the provider's grid, never more than the prompt", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (prompts) => {
          const simulated = cache();
          for (const sizes of prompts) {
            const used = simulated.serve(responsesBody(sizes));
            expect(used.cachedTokens + used.uncachedTokens).toBe(used.totalTokens);
            expect(used.cachedTokens).toBeLessThanOrEqual(used.totalTokens);
            if (used.cachedTokens > 0) expect((used.cachedTokens - 1024) % 128).toBe(0);
          }
        },
      ),
    );
  });

  it("in explicit mode keeps only the prefixes that end at a breakpoint, read whole, for the ttl", () => {
    const explicit = (sizes: readonly number[], marked: readonly number[], ttl?: string) => ({
      model: "gpt-5.6",
      instructions: "",
      prompt_cache_options: { mode: "explicit", ...(ttl === undefined ? {} : { ttl }) },
      input: sizes.map((tokens, index) => ({
        role: "user",
        content: [
          {
            type: "input_text",
            text: "#".repeat(tokens),
            ...(marked.includes(index) ? { prompt_cache_breakpoint: { mode: "explicit" } } : {}),
          },
        ],
      })),
    });
    const simulated = cache();
    simulated.serve(explicit([1000, 1000, 1000], [1]), 0);
    // The breakpoint's prefix is read whole (2,000 tokens, no 128-token rounding); the rest not.
    expect(simulated.serve(explicit([1000, 1000, 1000], []), minutes(1))).toMatchObject({
      cachedTokens: 2000,
    });
    // Nothing without a breakpoint was kept: a prompt that shares 2,500 tokens reads 2,000.
    expect(simulated.serve(explicit([1000, 1000, 500, 9], []), minutes(2)).cachedTokens).toBe(2000);
    // 30 minutes by default; 12 hours when asked.
    expect(simulated.serve(explicit([1000, 1000], []), minutes(40)).cachedTokens).toBe(0);
    simulated.serve(explicit([1000, 1000], [1], "12h"), minutes(40));
    expect(simulated.serve(explicit([1000, 1000], []), minutes(600)).cachedTokens).toBe(2000);
    expect(() => simulated.serve(explicit([1000], [], "1h"))).toThrowError(/ttl/);
  });
});
