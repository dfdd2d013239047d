import type { SchemaIssue } from "@ctx/protocol";
import { PromptsError } from "./prompts-error.js";

/** Where in a catalog a {@link CatalogError} was found. */
export interface CatalogErrorLocation {
  /** The entry's slug, when it has a usable one. */
  readonly slug?: string;
  /** The entry's position in the list given to `createModelCatalog`. */
  readonly index?: number;
  /** `true` when the fault is in the fallback given as `options.fallback`. */
  readonly fallback?: boolean;
}

/**
 * A model catalog entry is missing a field, has one of the wrong type, has a field the schema
 * does not know, or repeats a slug; or the entries are not a list. The message names the entry
 * (its slug, or its position when the slug itself is the problem) and the field. `argument` is
 * `entries`, or `options.fallback` for the fallback.
 */
export class CatalogError extends PromptsError {
  /** The slug of the entry at fault, when it has a usable one. */
  readonly slug: string | undefined;
  /** The entry's position in the list; `undefined` for the fallback or the list itself. */
  readonly index: number | undefined;
  /** The path of the first field at fault, such as `truncationPolicy.limit`; `""` for the entry. */
  readonly field: string;

  constructor(location: CatalogErrorLocation, issues: readonly SchemaIssue[]) {
    super(
      location.fallback === true ? "options.fallback" : "entries",
      issues,
      `${describeLocation(location)}: ${issues.map(describeIssue).join("; ")}`,
    );
    this.slug = location.slug;
    this.index = location.index;
    this.field = issues[0]?.path ?? "";
  }
}

function describeLocation({ slug, index, fallback }: CatalogErrorLocation): string {
  if (slug !== undefined) {
    return `model catalog entry "${slug}"${index === undefined ? "" : ` (index ${index})`}`;
  }
  if (index !== undefined) return `model catalog entries[${index}]`;
  return fallback === true ? "model catalog fallback" : "model catalog entries";
}

function describeIssue(issue: SchemaIssue): string {
  return issue.path === "" ? issue.message : `field "${issue.path}": ${issue.message}`;
}
