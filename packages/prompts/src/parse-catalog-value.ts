import { type SchemaIssue, toSchemaIssues } from "@ctx/protocol";
import type { z } from "zod";
import { CatalogError, type CatalogErrorLocation } from "./catalog-error.js";

/**
 * Parses one catalog value with `schema`. A field that is absent is reported as missing, and
 * an unknown field by its own path, rather than in zod's wording.
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
  const paths = toSchemaIssues(result.error).map((issue) => issue.path);
  throw new CatalogError(
    { ...location, ...(slug === undefined ? {} : { slug }) },
    result.error.issues.flatMap((issue, index) => describe(issue, paths[index] ?? "", value)),
  );
}

function describe(issue: z.core.$ZodIssue, path: string, value: unknown): SchemaIssue[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: joinPath(path, key), message: "unknown field" }));
  }
  if (issue.code === "invalid_type" && !hasPath(value, issue.path)) {
    return [{ path, message: `missing (expected ${issue.expected})` }];
  }
  return [{ path, message: issue.message }];
}

function joinPath(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function hasPath(value: unknown, path: readonly PropertyKey[]): boolean {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) {
      return false;
    }
    current = Reflect.get(current, key);
  }
  return true;
}

function readSlug(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("slug" in value)) return undefined;
  return typeof value.slug === "string" && value.slug !== "" ? value.slug : undefined;
}
