import { RolloutError } from "@ctx/rollout";
import { isStorableText } from "./storable-text.js";

/**
 * Checks the text fields of an argument that already passed the shared rollout schema against
 * what a PostgreSQL `text` column can keep: no NUL character, no lone surrogate.
 *
 * @throws {RolloutError} `invalid-argument`, naming each field that fails.
 */
export function refuseUnstorableText(
  what: string,
  fields: readonly (readonly [path: string, value: string | undefined])[],
): void {
  const issues = fields
    .filter(([, value]) => value !== undefined && !isStorableText(value))
    .map(([path]) => ({
      path,
      message: "PostgreSQL text cannot hold a NUL character or a lone surrogate",
    }));
  if (issues.length > 0) throw RolloutError.fromIssues(what, issues);
}
