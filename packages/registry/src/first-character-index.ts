import { foldAscii, trimmedStart } from "@ctx/text";

/** An entry that only accepts texts beginning with `prefix`, or any text when it has none. */
export interface Prefixed {
  readonly prefix: string | undefined;
}

/**
 * Sorts entries by the first character of their prefix (ASCII case folded), so a lookup returns,
 * in the original order, only the entries that could accept a text: those whose prefix starts
 * with the text's first non-white-space character, and those without a prefix. A text that
 * begins like no prefix is checked against the prefix-less entries alone.
 */
export function createFirstCharacterIndex<Entry extends Prefixed>(
  entries: readonly Entry[],
): (text: string) => readonly Entry[] {
  const unprefixed = entries.filter((entry) => entry.prefix === undefined || entry.prefix === "");
  const byCharacter = new Map<number, Entry[]>();
  for (const entry of entries) {
    if (entry.prefix === undefined || entry.prefix === "") continue;
    const key = foldAscii(entry.prefix.charCodeAt(0));
    if (!byCharacter.has(key)) {
      byCharacter.set(
        key,
        entries.filter(
          (candidate) =>
            candidate.prefix === undefined ||
            candidate.prefix === "" ||
            foldAscii(candidate.prefix.charCodeAt(0)) === key,
        ),
      );
    }
  }
  return (text) => {
    const start = trimmedStart(text);
    if (start === text.length) return unprefixed;
    return byCharacter.get(foldAscii(text.charCodeAt(start))) ?? unprefixed;
  };
}
