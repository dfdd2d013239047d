const upper = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const lower = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
const contraction = "(?:'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const notLetterOrDigit = String.raw`[^\r\n\p{L}\p{N}]`;

/**
 * The o200k_base pre-tokenizer: each match is one piece, and byte-pair merges never cross from
 * one piece to the next. The alternatives, in order: a word (optionally led by one sign,
 * capitals then small letters, then an English contraction), a word in capitals, up to three
 * digits, a run of signs, line breaks with the space before them, spaces not followed by a
 * non-space, any other spaces.
 */
export const o200kPieces = new RegExp(
  [
    `${notLetterOrDigit}?${upper}*${lower}+${contraction}`,
    `${notLetterOrDigit}?${upper}+${lower}*${contraction}`,
    String.raw`\p{N}{1,3}`,
    String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join("|"),
  "gu",
);
