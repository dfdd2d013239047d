import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countHashes, messagesBody, minutes, textBlock } from "./__fixtures__/bodies.js";
import { createAnthropicCache } from "./anthropic-cache.js";

const cache = () => createAnthropicCache({ countTokens: countHashes });
const blocks = (count: number, tokens = 100) =>
  Array.from({ length: count }, () => textBlock(tokens));

describe("createAnthropicCache", () => {
  it("writes the prefix at a breakpoint, then reads it back whole", () => {
    const simulated = cache();
    const body = messagesBody([...blocks(19), textBlock(100, "5m")]);
    expect(simulated.serve(body)).toEqual({
      totalTokens: 2000,
      cachedTokens: 0,
      writtenTokens: { "5m": 2000, "1h": 0 },
      uncachedTokens: 0,
      sharedTokens: 0,
    });
    expect(simulated.serve(body)).toMatchObject({ cachedTokens: 2000, sharedTokens: 2000 });
  });

  it("reads an entry up to 20 blocks back from a breakpoint, and no further", () => {
    const first = [...blocks(11), textBlock(100, "5m")];
    const within = cache();
    within.serve(messagesBody(first));
    const grownBy19 = messagesBody([...blocks(12), ...blocks(18), textBlock(100, "5m")]);
    expect(within.serve(grownBy19)).toMatchObject({ cachedTokens: 1200, uncachedTokens: 0 });

    const beyond = cache();
    beyond.serve(messagesBody(first));
    const grownBy20 = messagesBody([...blocks(12), ...blocks(19), textBlock(100, "5m")]);
    expect(beyond.serve(grownBy20)).toMatchObject({
      cachedTokens: 0,
      writtenTokens: { "5m": 3200, "1h": 0 },
    });
  });

  it("reads past the lookback through an earlier breakpoint that bridges it", () => {
    const simulated = cache();
    simulated.serve(messagesBody([...blocks(11), textBlock(100, "5m")]));
    const bridged = messagesBody([
      ...blocks(12),
      ...blocks(15),
      textBlock(100, "5m"),
      ...blocks(15),
      textBlock(100, "5m"),
    ]);
    expect(simulated.serve(bridged)).toMatchObject({
      cachedTokens: 1200,
      writtenTokens: { "5m": 3200, "1h": 0 },
    });
  });

  it("does not move what it compares when a breakpoint moves", () => {
    const simulated = cache();
    simulated.serve(messagesBody([...blocks(11), textBlock(100, "5m"), ...blocks(5)]));
    const moved = messagesBody([...blocks(16), textBlock(100, "5m")]);
    expect(simulated.serve(moved)).toMatchObject({ cachedTokens: 1200 });
  });

  it("writes no prefix shorter than the model's minimum", () => {
    const simulated = cache();
    const short = messagesBody([...blocks(9), textBlock(100, "5m")]);
    expect(simulated.serve(short)).toMatchObject({
      writtenTokens: { "5m": 0, "1h": 0 },
      uncachedTokens: 1000,
    });
    expect(simulated.serve(short).cachedTokens).toBe(0);
    const haiku = messagesBody([...blocks(19), textBlock(100, "5m")], "claude-haiku-4-5");
    expect(simulated.serve(haiku).writtenTokens["5m"]).toBe(0);
  });

  it("keeps an entry 5 minutes after its last use, or an hour when asked", () => {
    const simulated = cache();
    const body = messagesBody([...blocks(19), textBlock(100, "5m")]);
    simulated.serve(body, 0);
    expect(simulated.serve(body, minutes(4)).cachedTokens).toBe(2000);
    expect(simulated.serve(body, minutes(8)).cachedTokens).toBe(2000);
    expect(simulated.serve(body, minutes(14)).cachedTokens).toBe(0);

    const hour = cache();
    const long = messagesBody([...blocks(19), textBlock(100, "1h")]);
    hour.serve(long, 0);
    expect(hour.serve(long, minutes(50))).toMatchObject({ cachedTokens: 2000 });
    expect(hour.serve(long, minutes(111)).cachedTokens).toBe(0);
  });

  it("keeps one cache per model, and shares nothing with another model's request", () => {
    const simulated = cache();
    const marked = [...blocks(19), textBlock(100, "5m")];
    simulated.serve(messagesBody(marked, "claude-sonnet-4-5"));
    expect(simulated.serve(messagesBody(marked, "claude-opus-4-1"))).toMatchObject({
      cachedTokens: 0,
      sharedTokens: 0,
    });
  });

  it("says how much of the previous request a request repeats, whatever the cache kept", () => {
    const simulated = cache();
    simulated.serve(messagesBody([...blocks(5), textBlock(100, "5m")]), 0);
    const changed = messagesBody([...blocks(3), textBlock(7), ...blocks(2), textBlock(100, "5m")]);
    expect(simulated.serve(changed, minutes(30))).toMatchObject({
      cachedTokens: 0,
      sharedTokens: 300,
    });
  });

  it("splits what it writes by the lifetime of each breakpoint", () => {
    const body = messagesBody([
      ...blocks(10),
      textBlock(100, "1h"),
      ...blocks(4),
      textBlock(100, "5m"),
    ]);
    expect(cache().serve(body).writtenTokens).toEqual({ "1h": 1100, "5m": 500 });
  });

  it("refuses the marks Anthropic refuses", () => {
    const five = messagesBody(Array.from({ length: 5 }, () => textBlock(300, "5m")));
    expect(() => cache().serve(five)).toThrow(/5 cache_control breakpoints/);
    const order = messagesBody([textBlock(600, "5m"), textBlock(600, "1h")]);
    expect(() => cache().serve(order)).toThrow(/1h .* after a 5m/);
    expect(() =>
      cache().serve(messagesBody([{ ...textBlock(9), cache_control: { ttl: "2h" } }])),
    ).toThrow(/ttl of "2h"/);
    expect(() => cache().serve(messagesBody([textBlock(9)]), -1)).toThrow(/time/);
  });

  it("accounts for every token of every request once", () => {
    const request = fc.record({
      sizes: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 30 }),
      marks: fc.uniqueArray(fc.nat(29), { maxLength: 4 }),
      gap: fc.integer({ min: 0, max: minutes(10) }),
    });
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 8 }), (requests) => {
        const simulated = cache();
        let now = 0;
        for (const { sizes, marks, gap } of requests) {
          now += gap;
          const body = messagesBody(
            sizes.map((tokens, index) =>
              textBlock(tokens, marks.includes(index) ? "5m" : undefined),
            ),
          );
          const used = simulated.serve(body, now);
          const total = sizes.reduce((sum, size) => sum + size, 0);
          expect(used.totalTokens).toBe(total);
          expect(
            used.cachedTokens +
              used.writtenTokens["5m"] +
              used.writtenTokens["1h"] +
              used.uncachedTokens,
          ).toBe(total);
          expect(
            Math.min(used.cachedTokens, used.uncachedTokens, used.writtenTokens["5m"]),
          ).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
