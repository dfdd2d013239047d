import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";

/** How many tokens a model takes, and when a session compacts. */
export interface TokenLimits {
  /** The model's context window; `undefined` when the model does not say. */
  readonly window: number | undefined;
  /** The share of the window the history may fill: `window × percent / 100`, rounded down. */
  readonly usableWindow: number | undefined;
  /**
   * The count at which a session compacts: the configured limit, but never past 90% of the
   * window; 90% of the window when none is configured; `undefined` with neither.
   */
  readonly autoCompactLimit: number | undefined;
}

/** What {@link resolveTokenLimits} reads of a model; a catalog's `ModelInfo` fits. */
export interface ModelWindow {
  readonly contextWindow?: number | undefined;
  /** Percent of the window the history may fill; 95 when omitted. */
  readonly effectiveContextWindowPercent?: number | undefined;
  /** The model's own compaction limit, used when `options` configures none. */
  readonly autoCompactTokenLimit?: number | undefined;
}

/** Options of {@link resolveTokenLimits}. */
export interface TokenLimitOptions {
  /** A compaction limit that replaces the model's own. */
  readonly autoCompactTokenLimit?: number | undefined;
}

/** The share of the window a history may fill when the model does not say. */
const defaultEffectiveWindowPercent = 95;

/** The share of the window past which a session always compacts. */
const autoCompactWindowPercent = 90;

const positiveInteger = lazySchema(() => z.number().int().positive());

const modelWindowSchema = lazySchema(() =>
  z.object({
    contextWindow: positiveInteger.optional(),
    effectiveContextWindowPercent: z.number().int().min(1).max(100).optional(),
    autoCompactTokenLimit: positiveInteger.optional(),
  }),
);

const optionsSchema = lazySchema(() =>
  z.strictObject({ autoCompactTokenLimit: positiveInteger.optional() }),
);

/**
 * A model's token limits by the reference design's rules: the usable window is the model's
 * share of its context window (95% unless it says otherwise), and compaction starts at the
 * smaller of the configured limit (`options`, else the model's own) and 90% of the window.
 *
 * @throws {SessionError} naming `model` or `options` when one does not fit its type.
 * @example
 * ```ts
 * resolveTokenLimits({ contextWindow: 272_000 });
 * // { window: 272_000, usableWindow: 258_400, autoCompactLimit: 244_800 }
 * ```
 */
export function resolveTokenLimits(
  model: ModelWindow,
  options: TokenLimitOptions = {},
): TokenLimits {
  const { contextWindow, effectiveContextWindowPercent, autoCompactTokenLimit } = checkSchema(
    "model",
    model,
    modelWindowSchema,
  );
  const configured =
    checkSchema("options", options, optionsSchema).autoCompactTokenLimit ?? autoCompactTokenLimit;
  if (contextWindow === undefined) {
    return { window: undefined, usableWindow: undefined, autoCompactLimit: configured };
  }
  const ceiling = Math.floor((contextWindow * autoCompactWindowPercent) / 100);
  const percent = effectiveContextWindowPercent ?? defaultEffectiveWindowPercent;
  return {
    window: contextWindow,
    usableWindow: Math.floor((contextWindow * percent) / 100),
    autoCompactLimit: Math.min(configured ?? ceiling, ceiling),
  };
}
