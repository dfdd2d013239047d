/**
 * Freezes `value` and every object inside it, and returns it. An object that is frozen already
 * is taken to be frozen all the way down and is not walked again, so freezing a structure that
 * shares frozen parts costs only its new parts.
 * @example
 * ```ts
 * const item = deepFreeze({ type: "message", role: "user", content: [] });
 * Object.isFrozen(item.content); // true
 * ```
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    // Frozen before its children, so a structure that refers to itself ends.
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Whether `value` and every object inside it are frozen, so it can never change: what a mapping
 * makes of such a value may be kept and given again. Walks the whole value.
 */
export function isDeepFrozen(value: unknown): boolean {
  const seen = new Set<object>();
  const frozen = (child: unknown): boolean => {
    if (typeof child !== "object" || child === null || seen.has(child)) return true;
    if (!Object.isFrozen(child)) return false;
    seen.add(child);
    return Object.values(child).every(frozen);
  };
  return frozen(value);
}
