import type { SchemaIssue } from "@ctx/protocol";
import { CtxError } from "@ctx/text";

/** Where in a catalog a {@link CatalogError} was found. */
export interface CatalogErrorLocation {
  /** The entry's slug, when it has a usable one. */
  readonly slug?: string;
  /** The entry's position in the list given to `createModelCatalog`; absent for the fallback. */
  readonly index?: number;
}

/**
 * A model catalog entry is missing a field, has one of the wrong type, has a field the schema
 * does not know, or repeats a slug. The message names the entry (its slug, or its position when
 * the slug itself is the problem) and the field.
 */
export class CatalogError extends CtxError {
  /** The slug of the entry at fault, when it has a usable one. */
  readonly slug: string | undefined;
  /** The entry's position in the list; `undefined` for the fallback or the list itself. */
  readonly index: number | undefined;
  /** The path of the first field at fault, such as `truncationPolicy.limit`; `""` for the entry. */
  readonly field: string;
  /** Every problem found in the entry, each with its path. */
  readonly issues: readonly SchemaIssue[];

  constructor(location: CatalogErrorLocation, issues: readonly SchemaIssue[]) {
    const field = issues[0]?.path ?? "";
    super(`${describeLocation(location)}: ${issues.map(describeIssue).join("; ")}`);
    this.slug = location.slug;
    this.index = location.index;
    this.field = field;
    this.issues = issues;
  }
}

function describeLocation({ slug, index }: CatalogErrorLocation): string {
  if (slug !== undefined) {
    return `model catalog entry "${slug}"${index === undefined ? "" : ` (index ${index})`}`;
  }
  return index === undefined ? "model catalog fallback" : `model catalog entry at index ${index}`;
}

function describeIssue(issue: SchemaIssue): string {
  return issue.path === "" ? issue.message : `field "${issue.path}": ${issue.message}`;
}
