const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can keep `value` in a `text` column: no NUL character, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !loneSurrogate.test(value);
}
