import { z } from "zod";
import { deepFreeze, isDeepFrozen } from "./deep-freeze.js";
import type { ModelInput } from "./model-input.js";
import { ProtocolError } from "./protocol-error.js";
import { type ResponseItem, responseItemSchema } from "./response-item.js";
import { describeSchemaIssues, toSchemaIssues } from "./schema-issue.js";

/** Maps the items of model requests, each item once; see {@link createItemMapper}. */
export interface ItemMapper<Output> {
  /**
   * Checks `request` and returns what its items from `from` on map to, in order, leaving out
   * the items that map to nothing. The array is the caller's; the outputs in it are frozen and
   * may be given again by a later call.
   * @throws the error `toError` makes of the problems in one line, their paths under `path`
   * (`request.input[3].type: …`), when the request does not fit `ModelInput`; whatever the
   * conversion throws for an item it cannot map.
   */
  map(
    request: ModelInput,
    options: {
      readonly toError: (problems: string) => Error;
      readonly path: string;
      readonly from?: number;
    },
  ): Output[];
}

/** What one call mapped, for the next call whose input begins with the same items. */
interface Memo<Output> {
  /** The mapped items (from `from` on), a copy of the caller's, which may change later. */
  readonly items: unknown[];
  /** The outputs, in order. */
  readonly outputs: Output[];
  /** `ends[count]`: how many outputs the first `count` mapped items made. */
  readonly ends: number[];
  /** How many of the mapped items, from the first, are frozen all the way down. */
  readonly frozen: number;
}

const requestShapeSchema = z.looseObject({
  instructions: z.string(),
  input: z.custom<readonly unknown[]>((value) => Array.isArray(value), "expected array"),
});

/**
 * Makes a mapping of request items that converts each item once: what `convert` made of an item
 * that is frozen all the way down (a session freezes every item it holds) is kept, keyed by the
 * item, and given again whenever that item comes back. A request whose input begins with the
 * items of the previous one mapped from the same first item (the next request of a session) is
 * not walked again either: its leading items are compared by reference and their outputs are
 * taken whole, so a call costs its new items and one copy of the result array. An item that is
 * not frozen is checked and converted on every call. Each item is checked against
 * `responseItemSchema` before its first conversion; `convert` returns `undefined` for an item
 * that maps to nothing, and its result for a frozen item is frozen.
 *
 * @throws {ProtocolError} when `convert` is not a function.
 * @example
 * ```ts
 * const mapper = createItemMapper((item) => (item.type === "reasoning" ? undefined : item.type));
 * mapper.map(request, { toError: (problems) => new Error(problems), path: "request" });
 * ```
 */
export function createItemMapper<Output>(
  convert: (item: ResponseItem, index: number) => Output | undefined,
): ItemMapper<Output> {
  if (typeof convert !== "function") {
    throw new ProtocolError("argument", [{ path: "convert", message: "expected a function" }]);
  }
  /** What each frozen item was converted to (`undefined` outputs included, hence the box). */
  const converted = new WeakMap<object, { readonly output: Output | undefined }>();
  /** The latest call's memo, keyed by the first item it mapped. */
  const memos = new WeakMap<object, Memo<Output>>();

  const check = (request: unknown, path: string, toError: (problems: string) => Error) => {
    const shape = requestShapeSchema.safeParse(request);
    if (!shape.success) throw toError(problemsOf(shape.error, request, path));
  };

  return {
    map: (request, options) => {
      const { toError, path, from = 0 } = options ?? {};
      if (
        typeof toError !== "function" ||
        typeof path !== "string" ||
        !Number.isInteger(from) ||
        from < 0
      ) {
        throw new ProtocolError("argument", [
          {
            path: "options",
            message: "expected { toError: function, path: string, from?: whole number }",
          },
        ]);
      }
      check(request, path, toError);
      const input = request.input;
      const first = input[from];
      const key = typeof first === "object" && first !== null ? first : undefined;
      const memo = key === undefined ? undefined : memos.get(key);
      if (key !== undefined) memos.delete(key);
      const limit = memo === undefined ? 0 : Math.min(memo.frozen, input.length - from);
      let kept = 0;
      const items = memo?.items ?? [];
      while (kept < limit && input[from + kept] === items[kept]) kept += 1;
      // The memo is the only holder of its arrays: cut them back and go on from there.
      const outputs = memo?.outputs ?? [];
      const ends = memo?.ends ?? [0];
      outputs.length = ends[kept] ?? 0;
      ends.length = kept + 1;
      items.length = kept;
      let frozen = kept;
      for (let index = from + kept; index < input.length; index += 1) {
        const item = input[index];
        let entry = typeof item === "object" && item !== null ? converted.get(item) : undefined;
        let lasting = entry !== undefined;
        if (entry === undefined) {
          const parsed = responseItemSchema.safeParse(item);
          if (!parsed.success) {
            throw toError(problemsOf(parsed.error, item, joinPath(path, `input[${index}]`)));
          }
          const checked = item as ResponseItem;
          const output = convert(checked, index);
          lasting = isDeepFrozen(checked);
          entry = { output: lasting ? deepFreeze(output) : output };
          if (lasting) converted.set(checked, entry);
        }
        if (lasting && frozen === index - from) frozen += 1;
        if (entry.output !== undefined) outputs.push(entry.output);
        ends.push(outputs.length);
        items.push(item);
      }
      if (key !== undefined) memos.set(key, { items, outputs, ends, frozen });
      return outputs.slice();
    },
  };
}

function problemsOf(error: z.ZodError, value: unknown, path: string): string {
  const issues = toSchemaIssues(error, value).map((issue) => ({
    path: joinPath(path, issue.path),
    message: issue.message,
  }));
  return describeSchemaIssues(issues);
}

/** `inner` (`content[0]`, `[2].text`, or empty) under `outer` (`request`, or empty). */
function joinPath(outer: string, inner: string): string {
  if (outer === "" || inner === "") return outer + inner;
  return inner.startsWith("[") ? `${outer}${inner}` : `${outer}.${inner}`;
}
