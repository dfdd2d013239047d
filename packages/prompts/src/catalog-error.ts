import type { SchemaIssue } from "@ctx/protocol";
import { PromptsError, type PromptsErrorOptions } from "./prompts-error.js";

/** Where in a catalog a {@link CatalogError} was found. */
export interface CatalogErrorLocation {
  /** The entry's slug, when it has a usable one. */
  readonly slug?: string;
  /** The entry's position in the list given to `createModelCatalog`. */
  readonly index?: number;
  /** `true` when the fault is in the fallback given as `options.fallback`. */
  readonly fallback?: boolean;
}

/** Options of a {@link CatalogError}. */
export interface CatalogErrorOptions extends PromptsErrorOptions {
  /** The slug of the entry at fault, when it has a usable one. */
  readonly slug?: string;
  /** The entry's position in the list. */
  readonly index?: number;
}

/**
 * A model catalog entry is missing a field, has one of the wrong type, has a field the schema
 * does not know, or repeats a slug; or the entries are not a list. The message names the entry
 * (its slug, or its position when the slug itself is the problem) and the field. `argument` is
 * `entries`, or `options.fallback` for the fallback.
 */
export class CatalogError extends PromptsError<"invalid-catalog"> {
  /** The slug of the entry at fault, when it has a usable one. */
  readonly slug: string | undefined;
  /** The entry's position in the list; `undefined` for the fallback or the list itself. */
  readonly index: number | undefined;
  /** The path of the first field at fault, such as `truncationPolicy.limit`; `""` for the entry. */
  readonly field: string;

  constructor(code: "invalid-catalog", message: string, options: CatalogErrorOptions) {
    super(code, message, options);
    this.slug = options.slug;
    this.index = options.index;
    this.field = options.issues[0]?.path ?? "";
  }

  /** The error for `issues` in the entry at `location`, its message naming the entry. */
  static at(location: CatalogErrorLocation, issues: readonly SchemaIssue[]): CatalogError {
    return new CatalogError(
      "invalid-catalog",
      `${describeLocation(location)}: ${issues.map(describeIssue).join("; ")}`,
      {
        argument: location.fallback === true ? "options.fallback" : "entries",
        issues,
        ...(location.slug === undefined ? {} : { slug: location.slug }),
        ...(location.index === undefined ? {} : { index: location.index }),
      },
    );
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
