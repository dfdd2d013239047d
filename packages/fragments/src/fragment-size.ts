import { type CtxWarning, utf8ByteLength } from "@ctx/text";
import { check } from "./check-argument.js";
import type { Fragment } from "./fragment-kind.js";

/** A fragment rendered larger than its kind's `maxBytes`. */
export interface FragmentSizeWarning extends CtxWarning {
  readonly code: "fragment-over-size";
  /** The kind's type. */
  readonly type: string;
  /** The size of the render, in UTF-8 bytes. */
  readonly bytes: number;
  /** The kind's declared largest sensible size. */
  readonly maxBytes: number;
}

/**
 * The warning to report when `fragment` renders larger than its kind's `maxBytes`, or `undefined`
 * when it fits or the kind declares no limit. The fragment is never cut: a caller decides.
 * @throws {FragmentError} when `fragment` is not a fragment.
 */
export function checkFragmentSize(fragment: Fragment): FragmentSizeWarning | undefined {
  check.object("fragment", fragment);
  check.condition(
    "fragment",
    fragment,
    typeof fragment.render === "function" && typeof fragment.kind === "object",
    "a fragment made by a kind's create",
  );
  const { maxBytes, type } = fragment.kind;
  if (maxBytes === undefined) return undefined;
  const bytes = utf8ByteLength(fragment.render());
  if (bytes <= maxBytes) return undefined;
  return {
    code: "fragment-over-size",
    message: `the "${type}" fragment renders ${bytes} bytes, over its ${maxBytes}-byte limit`,
    type,
    bytes,
    maxBytes,
  };
}
