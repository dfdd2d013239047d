/**
 * The field checks the store's fast paths share: each answers as the schema rule it names
 * does, so a value that passes them passes the schema too.
 */

/** Whether every key `for…in` meets on `value` is one of `keys` (what a strict zod object asks). */
export function hasOnlyKeys(value: object, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

/** Whether `value` passes `sequenceSchema`: a whole number from 0 to the safe maximum. */
export function isSequence(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
