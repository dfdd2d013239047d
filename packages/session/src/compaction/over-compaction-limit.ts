import type { ModelInfo } from "@ctx/prompts";
import type { SessionParts } from "../session-parts.js";
import { resolveTokenLimits } from "../tokens/token-limits.js";

/**
 * Whether the next request, by the session's token accounting, has reached `model`'s compaction
 * limit or its usable window.
 */
export function overCompactionLimit(
  { options, tokens, state, models }: SessionParts,
  model: ModelInfo,
  imageInput: boolean,
): boolean {
  const { autoCompactTokenLimit } = options;
  const limits = resolveTokenLimits(
    model,
    autoCompactTokenLimit === undefined ? {} : { autoCompactTokenLimit },
  );
  const used = tokens.usage(state, models, imageInput).used;
  return [limits.autoCompactLimit, limits.usableWindow].some(
    (limit) => limit !== undefined && used >= limit,
  );
}
