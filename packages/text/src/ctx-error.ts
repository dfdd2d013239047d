const brand = Symbol.for("ctx.error");

/** Options every {@link CtxError} accepts. */
export interface CtxErrorOptions {
  /** The lower-level failure that led to this one. */
  readonly cause?: unknown;
}

/**
 * The base of every error @ctx throws. Each subclass is built the same way, `(code, message,
 * options)`: `code` is one word from the package's documented union (`"invalid-argument"`,
 * `"session-not-found"`…) that stays the same from release to release, so a caller branches on
 * it instead of on the message; `options` holds the `cause` and the fields a caller needs to act
 * on the failure.
 *
 * `instanceof` fails when two copies of a package are installed side by side, so check errors
 * with the static `isInstance`, which recognises a brand shared across copies.
 *
 * @example
 * ```ts
 * try {
 *   parseResponseItem(value);
 * } catch (error) {
 *   if (ProtocolError.isInstance(error) && error.code === "invalid-item") console.error(error.issues);
 * }
 * ```
 */
export class CtxError<Code extends string = string> extends Error {
  /** What went wrong, from the package's documented union of codes. */
  readonly code: Code;
  /** The names of this error's class and of every @ctx class it extends. */
  readonly [brand]: readonly string[];

  constructor(code: Code, message: string, options: CtxErrorOptions = {}) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.code = code;
    this[brand] = classNames(new.target);
  }

  /**
   * Whether `value` is an error of this class (or a subclass), even when it was thrown by another
   * installed copy of @ctx.
   */
  static isInstance<Class extends abstract new (...args: never[]) => CtxError>(
    this: Class,
    value: unknown,
  ): value is InstanceType<Class> {
    if (typeof value !== "object" || value === null || !(brand in value)) return false;
    const names = (value as { [brand]: unknown })[brand];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass the check was called on.
    return Array.isArray(names) && names.includes(this.name);
  }
}

function classNames(target: abstract new (...args: never[]) => unknown): string[] {
  const names: string[] = [];
  for (let current: unknown = target; current !== Error; current = Object.getPrototypeOf(current)) {
    if (typeof current !== "function") break;
    names.push(current.name);
  }
  return names;
}
