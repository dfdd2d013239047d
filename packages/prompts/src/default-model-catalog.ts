import { deepFreeze } from "@ctx/protocol";
import { assembleModelCatalog, type ModelCatalog } from "./create-model-catalog.js";
import { bundledModels } from "./data/bundled-data.js";
import { defaultModelFallback } from "./default-model-fallback.js";

/**
 * The catalog that ships with the package, generated from `models.json`. Its slugs are examples
 * (`ctx-coder`, `ctx-coder-long`, `ctx-coder-mini`) showing each kind of entry; an application
 * supplies its own models with {@link createModelCatalog}. Unknown slugs get
 * {@link defaultModelFallback}.
 *
 * @example
 * ```ts
 * defaultModelCatalog.get("ctx-coder").contextWindow; // => 272000
 * defaultModelCatalog.has("ctx-coder"); // => true
 * ```
 */
export const defaultModelCatalog: ModelCatalog = assembleModelCatalog(
  deepFreeze(bundledModels),
  defaultModelFallback,
);
