import type { z } from "zod";

/** One problem found while validating a value, located by its path inside that value. */
export interface SchemaIssue {
  /** Where the problem is, such as `content[0].text`; empty for the value itself. */
  readonly path: string;
  /** What is wrong there, in plain words. */
  readonly message: string;
}

/** Turns a zod error into issues with readable paths (`content[0].text`), in zod's order. */
export function toSchemaIssues(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

/** Joins issues into one line: `content[0].text: expected string, received number; …`. */
export function describeSchemaIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .map((issue) => (issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`))
    .join("; ");
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key))
      text += text === "" ? key : `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text;
}
