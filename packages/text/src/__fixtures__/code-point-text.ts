import fc from "fast-check";

/** What {@link codePointText} generates. */
export interface CodePointTextOptions {
  /** Whether lone surrogates come in too; two side by side then make a pair. */
  readonly loneSurrogates: boolean;
  readonly maxLength?: number;
}

/**
 * Strings of code points of every UTF-8 length, one to four bytes, and lone surrogates when
 * asked. Built from integers: fast-check's "binary" unit indexes every code point before its
 * first case, which takes most of a second in each test file and several on a loaded machine.
 */
export function codePointText(options: CodePointTextOptions): fc.Arbitrary<string> {
  const ranges = [
    [0, 0x7f],
    [0x80, 0x7ff],
    [0x800, 0xd7ff],
    [0xe000, 0xffff],
    [0x10000, 0x10ffff],
    ...(options.loneSurrogates ? [[0xd800, 0xdfff]] : []),
  ];
  const unit = fc
    .oneof(...ranges.map(([min = 0, max = 0]) => fc.integer({ min, max })))
    .map((value) => String.fromCodePoint(value));
  return fc.string({
    unit,
    ...(options.maxLength === undefined ? {} : { maxLength: options.maxLength }),
  });
}
