import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

const jsonValue = lazySchema(() => z.json());

/**
 * The schema of a turn's {@link RequestSettings}: the parts of the provider's request the session
 * does not build but the provider's prompt cache reads. Unknown fields are rejected.
 */
export const requestSettingsSchema = lazySchema(() =>
  z.strictObject({
    /** The tools as the adapter sends them (the provider's JSON): they open the cached prefix. */
    tools: z.array(jsonValue).exactOptional(),
    /** OpenAI's `prompt_cache_key`: requests under another key share no cache. */
    promptCacheKey: z.string().min(1).exactOptional(),
    /** The reasoning settings as sent (`{ effort: "high" }`, say). */
    reasoning: jsonValue.exactOptional(),
    /** The service tier as sent (`flex`, `priority`, …). */
    serviceTier: z.string().min(1).exactOptional(),
    /**
     * How long the provider keeps a prefix nobody reads: `5m` (Anthropic's default lifetime, and
     * the short end of OpenAI's in-memory 5 to 10 minutes), `1h` (Anthropic's `ttl: "1h"`),
     * `24h` (OpenAI's `prompt_cache_retention: "24h"`), or `30m` and `12h` (OpenAI's
     * `prompt_cache_options.ttl`); `5m` when omitted.
     */
    cacheTtl: z.enum(["5m", "30m", "1h", "12h", "24h"]).exactOptional(),
  }),
);

/**
 * What a turn's requests send beside the session's instructions and input, as the turn context's
 * `request` slot gives it: the session compares it from request to request to predict the
 * provider's cache misses it causes.
 */
export type RequestSettings = z.output<typeof requestSettingsSchema>;

/** The lifetimes of {@link RequestSettings.cacheTtl}, in milliseconds. */
export const cacheTtlMilliseconds = {
  "5m": 300_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "12h": 43_200_000,
  "24h": 86_400_000,
} as const;
