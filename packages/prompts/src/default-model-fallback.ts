import { deepFreeze } from "@ctx/protocol/internal";
import { bundledFallback } from "./data/bundled-models.js";
import type { ModelFallback } from "./model-info.js";

/**
 * What a catalog gives a slug it does not know, unless told otherwise: a 272,000-token
 * context window of which 95% may be filled, compaction at 244,800 tokens (90% of the window),
 * tool output cut at 10,000 bytes, and the library's coding-agent instructions as a template
 * with the three personality messages. Generated from `models.json` (`fallback`).
 */
export const defaultModelFallback: ModelFallback = deepFreeze(bundledFallback);
