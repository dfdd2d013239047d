import type { z } from "zod";
import { argumentError } from "./argument-error.js";
import { issueLine, issuePart } from "./issue-line.js";
import type { SchemaIssue } from "./schema-issue-shape.js";

export type { SchemaIssue } from "./schema-issue-shape.js";

type ZodIssue = z.core.$ZodIssue;

/**
 * Turns a zod error into issues with readable paths (`content[0].text`), in zod's order, worded
 * the same way in every @ctx package: a field the schema does not know is reported at its own
 * path as `unknown field`; a field that is absent from `input` as `missing (expected string)`;
 * a union that no alternative fits lists what each alternative found wrong.
 *
 * Pass the value that was validated as `input` so an absent field can be told from one that
 * holds `undefined` or the wrong type; without it, zod's own report is used.
 *
 * @throws {ProtocolError} when `error` is not a zod error.
 * @example
 * ```ts
 * const result = schema.safeParse(value);
 * if (!result.success) throw new MyError(toSchemaIssues(result.error, value));
 * ```
 */
export function toSchemaIssues(error: z.ZodError, input?: unknown): SchemaIssue[] {
  if (typeof error !== "object" || error === null || !Array.isArray(error.issues)) {
    throw argumentError("error", "expected a zod error");
  }
  return error.issues.flatMap((issue) =>
    describeIssue(issue, [], { input, known: input !== undefined }),
  );
}

/**
 * Joins issues into one line: `content[0].text: expected string, received number; …`.
 *
 * @throws {ProtocolError} when `issues` is not an array of issues.
 */
export function describeSchemaIssues(issues: readonly SchemaIssue[]): string {
  checkIssues(issues);
  return issueLine(issues);
}

function checkIssues(issues: readonly SchemaIssue[]): void {
  if (
    !Array.isArray(issues) ||
    !issues.every(
      (issue: unknown) =>
        typeof issue === "object" &&
        issue !== null &&
        typeof Reflect.get(issue, "path") === "string" &&
        typeof Reflect.get(issue, "message") === "string",
    )
  ) {
    throw argumentError("issues", "expected an array of { path, message }");
  }
}

/**
 * `issues` found inside the argument `argument`, each path now led by its name: `limit` becomes
 * `options.limit`, `[0]` becomes `items[0]`, and `""` (the argument itself) becomes `options`.
 *
 * @throws {ProtocolError} when `argument` is not a string or `issues` is not an array of issues.
 */
export function issuesInArgument(argument: string, issues: readonly SchemaIssue[]): SchemaIssue[] {
  if (typeof argument !== "string") throw argumentError("argument", "expected a string");
  checkIssues(issues);
  return issues.map(({ path, message }) => ({
    path: path === "" ? argument : `${argument}${path.startsWith("[") ? "" : "."}${path}`,
    message,
  }));
}

/** Names the argument that was wrong, as every @ctx error for a wrong argument does. */

interface Input {
  /** The value at the issue's base path. */
  readonly input: unknown;
  /** Whether `input` was given, so that absence can be judged. */
  readonly known: boolean;
}

function describeIssue(issue: ZodIssue, base: readonly PropertyKey[], input: Input): SchemaIssue[] {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        path: formatPath([...path, key]),
        message: "unknown field",
      }));
    case "invalid_type":
    case "invalid_value": {
      const expected =
        issue.code === "invalid_type" ? `expected ${issue.expected}` : withoutPrefix(issue.message);
      return [
        {
          path: formatPath(path),
          message: isAbsent(input, issue.path)
            ? `missing (${expected})`
            : withoutPrefix(issue.message),
        },
      ];
    }
    case "invalid_union":
      return [{ path: formatPath(path), message: describeUnion(issue, input, issue.path) }];
    default:
      return [{ path: formatPath(path), message: withoutPrefix(issue.message) }];
  }
}

/** Each alternative's problems, relative to the union's own path. */
function describeUnion(
  issue: Extract<ZodIssue, { code: "invalid_union" }>,
  input: Input,
  at: readonly PropertyKey[],
): string {
  if (issue.errors.length === 0) {
    const options = "options" in issue && Array.isArray(issue.options) ? issue.options : [];
    return options.length === 0
      ? withoutPrefix(issue.message)
      : `expected one of ${options.map((option) => JSON.stringify(option)).join(", ")}`;
  }
  const inner = { input: valueAt(input.input, at), known: input.known };
  const alternatives = issue.errors.map(
    (issues, index) =>
      `(${index + 1}) ${issues
        .flatMap((each) => describeIssue(each, [], inner))
        .map(issuePart)
        .join(", ")}`,
  );
  return `fits none of the ${issue.errors.length} alternatives: ${alternatives.join("; ")}`;
}

/** Zod opens many messages with `Invalid input: `, which says nothing the path does not. */
function withoutPrefix(message: string): string {
  return message.replace(/^Invalid input: /, "");
}

function isAbsent(input: Input, path: readonly PropertyKey[]): boolean {
  if (!input.known || path.length === 0) return false;
  const parent = valueAt(input.input, path.slice(0, -1));
  const key = path[path.length - 1];
  return (
    typeof parent === "object" &&
    parent !== null &&
    key !== undefined &&
    !Object.hasOwn(parent, key)
  );
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
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
