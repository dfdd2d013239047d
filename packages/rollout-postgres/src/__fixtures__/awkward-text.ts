import fc from "fast-check";

/**
 * One of the characters that decide how PostgreSQL can keep a text: NUL, U+0001 (which joins
 * the batches of a flush), lone surrogates of both halves, whole surrogate pairs (a high one
 * next to a low one makes a pair too), the backslash and the letters of a `\u0000` or `\ud800`
 * escape, quotes, and plain text. Cheap to generate, unlike fast-check's `binary` unit, whose
 * table of every code point takes seconds to build before the first case, and many times that
 * on a busy machine.
 */
export const awkwardCharacter = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\u{1f600}",
  "\\",
  "u",
  "0",
  "d",
  "8",
  '"',
  "a",
  "é",
  "\u2028",
);

/** Strings of {@link awkwardCharacter}s, up to 12 of them. */
export const awkwardText = fc.string({ unit: awkwardCharacter, maxLength: 12 });
