import type { ModelCatalog, ModelInfo } from "@ctx/prompts";
import type { CtxWarning } from "@ctx/text";
import { resolveTokenLimits } from "../tokens/token-limits.js";

/** The share of a caller-given window at which the session compacts. */
const autoCompactWindowPercent = 90;

/** How a session finds the model of a slug: its catalog, and the window its caller gave. */
export interface ModelLookup {
  /** The model of `slug`, with the caller's window (and 90% of it to compact at) when given. */
  get(slug: string): ModelInfo;
  /**
   * A warning when `slug` is not in the catalog and the caller gave no window, naming the
   * window and the compaction limit the session assumes; `undefined` otherwise.
   */
  unknownModelWarning(slug: string): CtxWarning | undefined;
}

/**
 * The lookup over `catalog` for a session with these options (already checked by the session's
 * schema): `contextWindow`, when given, replaces every model's window.
 */
export function createModelLookup(
  catalog: ModelCatalog,
  options: { readonly contextWindow?: number; readonly autoCompactTokenLimit?: number },
): ModelLookup {
  const { contextWindow, autoCompactTokenLimit } = options;
  const get = (slug: string): ModelInfo => {
    const model = catalog.get(slug);
    if (contextWindow === undefined) return model;
    return Object.freeze({
      ...model,
      contextWindow,
      autoCompactTokenLimit: Math.floor((contextWindow * autoCompactWindowPercent) / 100),
    });
  };
  return {
    get,
    unknownModelWarning: (slug) => {
      if (contextWindow !== undefined || catalog.has(slug)) return undefined;
      const limits = resolveTokenLimits(
        get(slug),
        autoCompactTokenLimit === undefined ? {} : { autoCompactTokenLimit },
      );
      return {
        code: "unknown-model",
        message: `the model "${slug}" is not in the catalog, so the session assumes a context window of ${limits.window?.toLocaleString("en")} tokens and compacts at ${limits.autoCompactLimit?.toLocaleString("en")}; pass its real window as the contextWindow option of createSession, or list the model in a catalog`,
      };
    },
  };
}
