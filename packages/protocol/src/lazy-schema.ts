import { argumentError } from "./argument-error.js";

/** How many schemas {@link lazySchema} has built in this process so far. */
let builds = 0;

/** The parsing methods a definition check may look up on a schema before anything parses. */
const parsers: ReadonlySet<PropertyKey> = new Set([
  "parse",
  "safeParse",
  "parseAsync",
  "safeParseAsync",
]);

/**
 * A schema that is built by `build` the first time something reads it, and from then on is that
 * built schema: importing a module that declares its schemas this way costs nothing of zod's
 * schema construction until a call parses with them. It stands for the schema wherever a zod
 * schema goes (`parse`, `safeParse`, a field of another schema, `z.infer`); looking up one of the
 * parsing methods to check that a value is a schema does not build it.
 *
 * @throws {ProtocolError} when `build` is not a function (`invalid-argument`).
 * @example
 * ```ts
 * const noteSchema = lazySchema(() => z.object({ text: z.string() }));
 * noteSchema.parse({ text: "hi" }); // builds the object schema here, once
 * ```
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  if (typeof build !== "function") {
    throw argumentError("build", "expected a function");
  }
  let schema: Schema | undefined;
  const built = (): Schema => {
    if (schema === undefined) {
      schema = build();
      builds += 1;
    }
    return schema;
  };
  // Methods are handed out bound to the built schema, so zod's own `this` never goes through
  // the proxy; each is bound once.
  const methods = new Map<PropertyKey, unknown>();
  const method = (key: PropertyKey, value: (...args: never[]) => unknown): unknown => {
    let bound = methods.get(key);
    if (bound === undefined) {
      bound = value.bind(built());
      methods.set(key, bound);
    }
    return bound;
  };
  return new Proxy({} as Schema, {
    get(_target, key) {
      if (schema === undefined && parsers.has(key)) {
        return (...args: unknown[]) => {
          const target = built();
          return Reflect.apply(
            Reflect.get(target, key) as (...values: unknown[]) => unknown,
            target,
            args,
          );
        };
      }
      const value: unknown = Reflect.get(built(), key);
      return typeof value === "function" ? method(key, value as () => unknown) : value;
    },
    has(_target, key) {
      return (schema === undefined && parsers.has(key)) || Reflect.has(built(), key);
    },
  });
}

/** How many schemas {@link lazySchema} has built so far in this process: what a test counts. */
export function lazySchemaBuilds(): number {
  return builds;
}
