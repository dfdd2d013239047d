import type { SchemaIssue } from "./schema-issue-shape.js";

/**
 * Issues joined into one line, each `path: message` (the message alone at the value itself):
 * `content[0].text: expected string, received number; …`. It checks nothing, so that the errors
 * of this package can word their issues without importing the functions that throw them.
 */
export function issueLine(issues: readonly SchemaIssue[]): string {
  return issues.map(issuePart).join("; ");
}

/** One issue as the line words it. */
export function issuePart(issue: SchemaIssue): string {
  return issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`;
}
