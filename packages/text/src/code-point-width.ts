/** The UTF-8 size and UTF-16 length of one code point: a lone surrogate counts 3 bytes, as an encoder replaces it. */
export interface CodePointWidth {
  readonly bytes: number;
  readonly units: 1 | 2;
}

const single1: CodePointWidth = { bytes: 1, units: 1 };
const single2: CodePointWidth = { bytes: 2, units: 1 };
const single3: CodePointWidth = { bytes: 3, units: 1 };
const pair: CodePointWidth = { bytes: 4, units: 2 };

/** The width of the code point that starts at `index` of `text`. */
export function widthAt(text: string, index: number): CodePointWidth {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return single1;
  if (unit < 0x800) return single2;
  return isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1)) ? pair : single3;
}

/** The width of the code point that ends just before `end` in `text`. */
export function widthBefore(text: string, end: number): CodePointWidth {
  const unit = text.charCodeAt(end - 1);
  if (unit < 0x80) return single1;
  if (unit < 0x800) return single2;
  return isLowSurrogate(unit) && isHighSurrogate(text.charCodeAt(end - 2)) ? pair : single3;
}

/** Whether `unit` is the first half of a surrogate pair (U+D800 to U+DBFF). */
export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
