export {
  type ArgumentChecker,
  createArgumentChecker,
  type RefuseArgument,
} from "./argument-checker.js";
export { foldAscii, startsWithAsciiCaseInsensitive } from "./ascii-case.js";
export { codeRegions, type TextRange } from "./code-regions.js";
export { compareCodePoints, sortedUnique } from "./compare-code-points.js";
export { CtxError, type CtxErrorOptions } from "./ctx-error.js";
export type { CtxWarning } from "./ctx-warning.js";
export { describeValue } from "./describe-value.js";
export { describeWrongArgument } from "./describe-wrong-argument.js";
export { TextError, type TextErrorCode, type TextErrorOptions } from "./text-error.js";
export { type TruncatedText, truncateMiddle } from "./truncate-middle.js";
export { utf8ByteLength } from "./utf8-byte-length.js";
export { utf8PrefixEnd, utf8SuffixStart } from "./utf8-cut.js";
export { isBlank, isWhiteSpace, trimmedEnd, trimmedStart, trimWhiteSpace } from "./white-space.js";
export { escapeXml, escapeXmlText, unescapeXml } from "./xml-escape.js";
