import { defaultModelCatalog } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { resolveTokenLimits } from "./token-limits.js";

describe("resolveTokenLimits", () => {
  it("takes 95% of the window as usable and compacts at 90% when nothing is configured", () => {
    expect(resolveTokenLimits({ contextWindow: 272_000 })).toEqual({
      window: 272_000,
      usableWindow: 258_400,
      autoCompactLimit: 244_800,
    });
  });

  it("reads a catalog model's share and limit, and never compacts past 90% of the window", () => {
    const model = { contextWindow: 200_000, effectiveContextWindowPercent: 80 };
    expect(resolveTokenLimits({ ...model, autoCompactTokenLimit: 150_000 })).toEqual({
      window: 200_000,
      usableWindow: 160_000,
      autoCompactLimit: 150_000,
    });
    expect(resolveTokenLimits({ ...model, autoCompactTokenLimit: 199_000 }).autoCompactLimit).toBe(
      180_000,
    );
    expect(resolveTokenLimits(defaultModelCatalog.get("gpt-5")).autoCompactLimit).toBe(
      Math.min(
        defaultModelCatalog.get("gpt-5").autoCompactTokenLimit,
        Math.floor(defaultModelCatalog.get("gpt-5").contextWindow * 0.9),
      ),
    );
  });

  it("lets the configured limit replace the model's, still under the 90% ceiling", () => {
    const model = { contextWindow: 100_000, autoCompactTokenLimit: 50_000 };
    expect(resolveTokenLimits(model, { autoCompactTokenLimit: 70_000 }).autoCompactLimit).toBe(
      70_000,
    );
    expect(resolveTokenLimits(model, { autoCompactTokenLimit: 95_000 }).autoCompactLimit).toBe(
      90_000,
    );
  });

  it("knows no window without one, and keeps a configured limit", () => {
    expect(resolveTokenLimits({})).toEqual({
      window: undefined,
      usableWindow: undefined,
      autoCompactLimit: undefined,
    });
    expect(resolveTokenLimits({}, { autoCompactTokenLimit: 1_000 }).autoCompactLimit).toBe(1_000);
  });

  it("names the field that does not fit", () => {
    expect(() => resolveTokenLimits({ contextWindow: 0 })).toThrow(SessionError);
    expect(() => resolveTokenLimits({ contextWindow: 0 })).toThrow("invalid model: contextWindow");
    expect(() => resolveTokenLimits({ contextWindow: 10 }, { autoCompactTokenLimit: 1.5 })).toThrow(
      "options: autoCompactTokenLimit",
    );
  });
});
