import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/** A JSON value: what a snapshot or a rollout record may hold, and nothing else. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * The most arrays and objects a JSON value may nest: within what `JSON.stringify` and
 * `structuredClone` manage on a busy call stack, so a value accepted can always be written and
 * read back.
 */
const maxDepth = 1000;

/** Where a value stops being JSON and why, or that it nests too deeply. */
type JsonFault =
  | { readonly kind: "type"; readonly path: PropertyKey[]; readonly message: string }
  | { readonly kind: "cycle"; readonly path: PropertyKey[] }
  | { readonly kind: "depth" };

/** What a value that is not JSON is, in the words of an issue. */
function describeForeign(value: unknown): string {
  if (typeof value === "number") return `expected a finite number, received ${value}`;
  if (typeof value !== "object" || value === null)
    return `expected a JSON value, received ${typeof value}`;
  const name: unknown = (Object.getPrototypeOf(value) as { constructor?: unknown })?.constructor;
  const kind = typeof name === "function" && name.name !== "" ? name.name : "an object";
  return `expected an array or a plain object, received ${kind}`;
}

/**
 * Whether `value` is an object whose prototype is `null` or some realm's `Object.prototype`: an
 * object made in another realm (an iframe, a `vm` context, a worker's structured clone) is as
 * plain as one made here, so the test is the prototype's shape, not its identity.
 */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null) return true;
  return (
    typeof prototype === "object" &&
    Object.getPrototypeOf(prototype) === null &&
    Object.hasOwn(prototype, "isPrototypeOf")
  );
}

/**
 * The first place where `value` is not JSON, or `undefined` when it is: one walk, in document
 * order, with an explicit stack of the arrays and objects it is inside (so no recursion, and
 * nothing allocated but each object's key list), in time linear in the value's JSON text. A
 * member is read once; a member JSON text leaves out (a symbol key, a non-enumerable one, a
 * named property of an array) is not looked at. An array with a hole, or nesting past
 * {@link maxDepth}, is a fault; a value that holds itself is reported where it refers back.
 */
function findJsonFault(root: unknown): JsonFault | undefined {
  // The arrays and objects the walk is inside, each with its keys (null for an array) and
  // the index of its next member: three stacks, so a step allocates nothing.
  const containers: object[] = [];
  const keyLists: (string[] | null)[] = [];
  const positions: number[] = [];
  let value = root;
  for (;;) {
    switch (typeof value) {
      case "string":
      case "boolean":
        break;
      case "number":
        if (!Number.isFinite(value)) return typeFault(value);
        break;
      case "object":
        if (value === null) break;
        if (Array.isArray(value)) {
          keyLists.push(null);
        } else if (isPlainObject(value)) {
          keyLists.push(Object.keys(value));
        } else return typeFault(value);
        if (containers.length === maxDepth) {
          keyLists.pop();
          return deepFault();
        }
        containers.push(value);
        positions.push(0);
        break;
      default:
        return typeFault(value);
    }
    if (containers.length === 0) return undefined;
    // The next member to look at: of the innermost container with one left.
    for (;;) {
      const top = containers.length - 1;
      if (top < 0) return undefined;
      const container = containers[top] as Record<string, unknown> & unknown[];
      const keys = keyLists[top] as string[] | null;
      const position = positions[top] as number;
      if (position < (keys === null ? container.length : keys.length)) {
        positions[top] = position + 1;
        if (keys === null) {
          value = container[position];
          if (value === undefined && !(position in container))
            return {
              kind: "type",
              path: pathTo(),
              message: "expected a JSON value, received a hole in the array",
            };
        } else value = container[keys[position] as string];
        break;
      }
      containers.pop();
      keyLists.pop();
      positions.pop();
    }
  }

  /** The path to the member the walk is at, from the root. */
  function pathTo(depth = containers.length): PropertyKey[] {
    const path: PropertyKey[] = [];
    for (let index = 0; index < depth; index += 1) {
      const member = (positions[index] as number) - 1;
      const keys = keyLists[index] ?? null;
      path.push(keys === null ? member : (keys[member] as string));
    }
    return path;
  }

  function typeFault(foreign: unknown): JsonFault {
    return { kind: "type", path: pathTo(), message: describeForeign(foreign) };
  }

  /** Nesting past the limit: a cycle, reported where it first closes, or plain depth. */
  function deepFault(): JsonFault {
    const seen = new Set<object>();
    for (const [depth, container] of containers.entries()) {
      if (seen.has(container)) return { kind: "cycle", path: pathTo(depth) };
      seen.add(container);
    }
    return { kind: "depth" };
  }
}

/**
 * The schema of a {@link JsonValue}: `null`, booleans, finite numbers, strings, arrays without
 * holes and plain objects (prototype `Object.prototype` or `null`), nested at most 1,000 deep,
 * so what `JSON.stringify` writes of it reads back the same. It checks in one pass without
 * recursion and returns the value itself, not a copy. An issue names the place inside the value
 * that is not JSON (`list[1]: expected a finite number, received NaN`); a value that holds
 * itself or nests too deeply is refused as such.
 */
export const jsonValueSchema: z.ZodType<JsonValue> = lazySchema(() =>
  z.custom<JsonValue>().superRefine((value, context) => {
    const fault = findJsonFault(value);
    if (fault === undefined) return;
    if (fault.kind === "type")
      context.addIssue({
        code: "invalid_type",
        expected: "JSON value",
        input: value,
        path: fault.path,
        message: fault.message,
      });
    else
      context.addIssue({
        code: "custom",
        input: value,
        path: fault.kind === "cycle" ? fault.path : [],
        message:
          fault.kind === "cycle"
            ? "refers back to a value that holds it, so it has no JSON text"
            : `nested more than ${maxDepth} arrays and objects deep`,
      });
  }),
);
