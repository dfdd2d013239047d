import { deepFreeze, lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { CatalogError } from "./catalog-error.js";
import { checkSchema } from "./check-argument.js";
import { defaultModelFallback } from "./default-model-fallback.js";
import {
  type ModelFallback,
  type ModelInfo,
  modelFallbackSchema,
  modelInfoSchema,
} from "./model-info.js";
import { parseCatalogValue } from "./parse-catalog-value.js";

const optionsSchema = lazySchema(() => z.strictObject({ fallback: z.unknown().optional() }));
const slugSchema = lazySchema(() => z.string().min(1, "must not be empty"));

/** A frozen set of models, looked up by slug. */
export interface ModelCatalog {
  /** Every model, in the order given. */
  readonly models: readonly ModelInfo[];
  /** What an unknown slug gets, apart from its slug and display name. */
  readonly fallback: ModelFallback;
  /**
   * The model with `slug`; for an unknown slug, the {@link ModelCatalog.fallback} under that
   * slug (its display name is the slug too). Never throws for a slug it does not know, so a
   * session can always start.
   *
   * @throws {PromptsError} when `slug` is not a string, or is empty.
   */
  get(slug: string): ModelInfo;
  /**
   * Whether `slug` names a model of the catalog, rather than falling back.
   *
   * @throws {PromptsError} when `slug` is not a string, or is empty.
   */
  has(slug: string): boolean;
}

/** Options of {@link createModelCatalog}. */
export interface ModelCatalogOptions {
  /** What unknown slugs get; {@link defaultModelFallback} when absent. */
  readonly fallback?: ModelFallback;
}

/**
 * Builds a catalog from model entries, checking each with zod first: entries usually come
 * from a JSON file, so their types are not trusted.
 *
 * @throws {CatalogError} when an entry misses a field, has a field of the wrong type or an
 * unknown field, or repeats an earlier slug, naming the slug and the field; also when
 * `entries` is not a list or the fallback is invalid.
 * @throws {PromptsError} when `options` is not an object or has a field other than `fallback`.
 * @example
 * ```ts
 * const catalog = createModelCatalog([
 *   {
 *     slug: "house-model",
 *     displayName: "House model",
 *     contextWindow: 200000,
 *     autoCompactTokenLimit: 180000,
 *     effectiveContextWindowPercent: 95,
 *     truncationPolicy: { mode: "tokens", limit: 10000 },
 *     baseInstructions: "You are the house coding agent.",
 *   },
 * ]);
 * catalog.get("house-model").contextWindow; // => 200000
 * catalog.get("unheard-of").contextWindow; // => 272000
 * ```
 */
export function createModelCatalog(
  entries: readonly ModelInfo[],
  options: ModelCatalogOptions = {},
): ModelCatalog {
  const { fallback } = checkSchema("options", options, optionsSchema);
  if (!Array.isArray(entries)) {
    throw CatalogError.at({}, [{ path: "", message: "the entries must be a list" }]);
  }
  const models: ModelInfo[] = [];
  const slugs = new Set<string>();
  // An index loop rather than `map`, so a hole in a sparse list is an entry at fault too.
  for (let index = 0; index < entries.length; index += 1) {
    const model = deepFreeze(parseCatalogValue(modelInfoSchema, entries[index], { index }));
    if (slugs.has(model.slug)) {
      throw CatalogError.at({ slug: model.slug, index }, [
        { path: "slug", message: "repeats the slug of an earlier entry" },
      ]);
    }
    slugs.add(model.slug);
    models.push(model);
  }
  return assembleModelCatalog(
    models,
    fallback === undefined
      ? defaultModelFallback
      : deepFreeze(parseCatalogValue(modelFallbackSchema, fallback, { fallback: true })),
  );
}

/**
 * The catalog of `models`, already checked and frozen, with `fallback` for unknown slugs:
 * {@link createModelCatalog} without the checks, for the package's own data, which its tests
 * check.
 */
export function assembleModelCatalog(
  models: readonly ModelInfo[],
  fallback: ModelFallback,
): ModelCatalog {
  const bySlug = new Map(models.map((model) => [model.slug, model]));
  return Object.freeze({
    models: Object.freeze([...models]),
    fallback,
    get: (slug: string) => {
      checkSchema("slug", slug, slugSchema);
      return bySlug.get(slug) ?? Object.freeze({ ...fallback, slug, displayName: slug });
    },
    has: (slug: string) => bySlug.has(checkSchema("slug", slug, slugSchema)),
  });
}
