import { deepFreeze } from "@ctx/protocol/internal";
import { assembleModelCatalog, type ModelCatalog } from "./create-model-catalog.js";
import { bundledModels } from "./data/bundled-models.js";
import { defaultModelFallback } from "./default-model-fallback.js";

/**
 * The catalog that ships with the package, generated from `models.json`: three example entries
 * (`ctx-coder`, `ctx-coder-long`, `ctx-coder-mini`) showing each kind of entry, and the OpenAI,
 * Anthropic and Google models a user is likely to pass, each with the context window its
 * provider's documentation page gives (cited in its `source`) and our own base instructions.
 * An application adds its own models with {@link createModelCatalog}. Unknown slugs get
 * {@link defaultModelFallback}.
 *
 * @example
 * ```ts
 * defaultModelCatalog.get("ctx-coder").contextWindow; // => 272000
 * defaultModelCatalog.has("ctx-coder"); // => true
 * defaultModelCatalog.get("claude-sonnet-4-5").autoCompactTokenLimit; // => 180000
 * ```
 */
export const defaultModelCatalog: ModelCatalog = assembleModelCatalog(
  deepFreeze(bundledModels),
  defaultModelFallback,
);
