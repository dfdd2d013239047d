import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonValueSchema } from "./json-value.js";
import { toSchemaIssues } from "./schema-issue.js";

/**
 * JSON, defined the plain way: recursion, a set of the values around the one looked at, and
 * the depth counted, with nothing of the schema's walk reused.
 */
function isJson(value: unknown, depth = 0, around = new Set<object>()): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object") return false;
  if (around.has(value) || depth >= 1000) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false;
  around.add(value);
  const members: unknown[] = Array.isArray(value)
    ? Array.from({ length: value.length }, (_, index) => (index in value ? value[index] : hole))
    : Object.keys(value).map((key) => (value as Record<string, unknown>)[key]);
  const fits = members.every((member) => member !== hole && isJson(member, depth + 1, around));
  around.delete(value);
  return fits;
}

const hole = Symbol("hole");

/** `[1, <hole>, 3]`: an array whose second element was never set. */
function withHole(): unknown[] {
  const array: unknown[] = [1];
  array[2] = 3;
  return array;
}

/** What a parse of `value` reports: the issues, as users read them. */
function issuesOf(value: unknown) {
  const parsed = jsonValueSchema.safeParse(value);
  return parsed.success ? [] : toSchemaIssues(parsed.error, value);
}

/** `levels` arrays, one inside the other, around `inner`. */
function nested(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

/** Values of every kind: JSON, and what JSON is not. */
const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

class Point {
  readonly x = 1;
}

/** Values that are not JSON, to plant inside JSON ones. */
const foreign = fc.constantFrom<unknown>(
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1n,
  Symbol("s"),
  () => 1,
  new Date(0),
  new Map(),
  new Point(),
  Object.assign(Object.create({ inherited: true }), { own: 1 }),
);

describe("jsonValueSchema", () => {
  it("accepts exactly what the plain definition of JSON accepts", () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, fc.jsonValue()), (value) => {
        expect(jsonValueSchema.safeParse(value).success).toBe(isJson(value));
      }),
      { numRuns: 1000 },
    );
  });

  it("agrees with the plain definition on the values JSON is easy to get wrong with", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    const shared = { text: "twice" };
    const cases: [unknown, boolean][] = [
      [Number.NaN, false],
      [Number.POSITIVE_INFINITY, false],
      [Number.NEGATIVE_INFINITY, false],
      [-0, true],
      [undefined, false],
      [() => 1, false],
      [Symbol("s"), false],
      [1n, false],
      [new Point(), false],
      [new Date(0), false],
      [new Map(), false],
      [new Uint8Array(2), false],
      [Object.create(null), true],
      [Object.assign(Object.create(null), { a: [1] }), true],
      [cycle, false],
      [[cycle], false],
      [{ left: shared, right: [shared] }, true],
      [withHole(), false],
      [new Array(2), false],
      [[undefined], false],
      [{ a: undefined }, false],
      [{ [Symbol("key")]: 1, a: 1 }, true],
      [Object.assign([1, 2], { named: () => 1 }), true],
      [Object.defineProperty({ a: 1 }, "hidden", { value: Number.NaN, enumerable: false }), true],
      [JSON.parse('{"__proto__": [1]}'), true],
      [nested(999, {}), true],
      [nested(1000), true],
      [nested(1000, {}), false],
    ];
    for (const [index, [value, json]] of cases.entries()) {
      expect(isJson(value), `case ${index}`).toBe(json);
      expect(jsonValueSchema.safeParse(value).success, `case ${index}`).toBe(json);
    }
  });

  it("names the first place inside a value that is not JSON", () => {
    const planted = fc
      .tuple(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.nat(), { maxLength: 5 }), foreign)
      .map(([json, steps, bad]) => plant(json, steps, bad));
    fc.assert(
      fc.property(planted, ({ value, path }) => {
        const issues = issuesOf(value);
        expect(issues).toHaveLength(1);
        expect(issues[0]?.path).toBe(path);
      }),
      { numRuns: 300 },
    );
    expect(issuesOf({ list: [1, Number.NaN] })).toEqual([
      { path: "list[1]", message: "expected a finite number, received NaN" },
    ]);
    expect(issuesOf({ at: new Date(0) })).toEqual([
      { path: "at", message: "expected an array or a plain object, received Date" },
    ]);
    expect(issuesOf(withHole())).toEqual([
      { path: "[1]", message: "missing (expected JSON value)" },
    ]);
    expect(issuesOf({ a: { b: 2n } })).toEqual([
      { path: "a.b", message: "expected a JSON value, received bigint" },
    ]);
  });

  it("says a field is missing, where the value holding it is checked", () => {
    const parsed = z.object({ payload: jsonValueSchema }).safeParse({});
    expect(parsed.success ? [] : toSchemaIssues(parsed.error, {})).toEqual([
      { path: "payload", message: "missing (expected JSON value)" },
    ]);
  });

  it("refuses a value that holds itself where it refers back, and one nested too deeply", () => {
    const cycle: Record<string, unknown> = { list: [1, {}] };
    (cycle.list as unknown[])[1] = { back: cycle };
    expect(issuesOf(cycle)).toEqual([
      {
        path: "list[1].back",
        message: "refers back to a value that holds it, so it has no JSON text",
      },
    ]);
    // Far deeper than a recursive walk could go: refused, not a RangeError.
    expect(issuesOf({ deep: nested(100_000) })).toEqual([
      { path: "", message: "nested more than 1000 arrays and objects deep" },
    ]);
  });

  it("accepts plain objects and arrays made in another realm, and refuses its class instances", () => {
    const foreign: unknown = runInNewContext(
      '({ record: { type: "turn", state: { items: [1, "two", null], nested: Object.create(null) } } })',
    );
    expect(jsonValueSchema.safeParse(foreign).success).toBe(true);
    expect(jsonValueSchema.safeParse(runInNewContext("new Date(0)")).success).toBe(false);
    expect(jsonValueSchema.safeParse(runInNewContext("new (class Point {})()")).success).toBe(
      false,
    );
    expect(jsonValueSchema.safeParse(Object.create(Object.create(null))).success).toBe(false);
  });

  it("gives back the value it was given, not a copy", () => {
    const value = { text: "hello", list: [1, { nested: true }] };
    expect(jsonValueSchema.parse(value)).toBe(value);
  });
});

/**
 * `json` with `bad` put in place of the member that `steps` lead to (each step picks a member of
 * the array or object reached so far, modulo its size; a scalar or an empty one ends the walk),
 * and the path to it as an issue shows it.
 */
function plant(
  json: unknown,
  steps: readonly number[],
  bad: unknown,
): { value: unknown; path: string } {
  const root: Record<string, unknown> = { root: structuredClone(json) };
  let container: object = root;
  let key: string | number = "root";
  const path: (string | number)[] = [];
  for (const step of steps) {
    const next: unknown = Reflect.get(container, key);
    if (typeof next !== "object" || next === null) break;
    const keys: (string | number)[] = Array.isArray(next)
      ? next.map((_, index) => index)
      : Object.keys(next);
    if (keys.length === 0) break;
    if (container !== root) path.push(key);
    container = next;
    key = keys[step % keys.length] as string | number;
  }
  if (container !== root) path.push(key);
  // Defined, not assigned: a key `__proto__` stays a member.
  Object.defineProperty(container, key, {
    value: bad,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return { value: root.root, path: formatted(path) };
}

/** A path as an issue shows it: `a.b[0]["not an identifier"]`. */
function formatted(path: readonly (string | number)[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) text += text === "" ? key : `.${key}`;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}
