import { toSchemaIssues } from "@ctx/protocol/internal";
import type { z } from "zod";
import { CatalogError, type CatalogErrorLocation } from "./catalog-error.js";

/**
 * Parses one catalog value with `schema`; the issues are worded by `toSchemaIssues` of
 * `@ctx/protocol` (a missing field as missing, an unknown one at its own path).
 *
 * @throws {CatalogError} naming the entry and the field when `value` does not fit `schema`.
 */
export function parseCatalogValue<Output>(
  schema: z.ZodType<Output>,
  value: unknown,
  location: CatalogErrorLocation,
): Output {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const slug = location.slug ?? readSlug(value);
  throw CatalogError.at(
    { ...location, ...(slug === undefined ? {} : { slug }) },
    toSchemaIssues(result.error, value),
  );
}

function readSlug(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("slug" in value)) return undefined;
  return typeof value.slug === "string" && value.slug !== "" ? value.slug : undefined;
}
