import { z } from "zod";
import { argumentError } from "./argument-error.js";
import { extendedInput } from "./declare-extension.js";
import { deepFreeze, isDeepFrozen } from "./deep-freeze.js";
import { type HandedMessages, handOutMessages } from "./hand-out-messages.js";
import { lazySchema } from "./lazy-schema.js";
import type { MessageMapper, MessageMapperOptions } from "./message-mapper.js";
import type { ModelInput } from "./model-input.js";
import { type ResponseItem, responseItemSchema } from "./response-item.js";
import { describeSchemaIssues, toSchemaIssues } from "./schema-issue.js";
import { inputSourceOf } from "./shared-input-request.js";

/** How far the latest call of a session got, for the next call whose input extends it. */
interface Memo<Piece, Message, State> {
  /** The items mapped, in order (a copy: the caller's array may change later). */
  readonly items: unknown[];
  /** The input array of that call, which a later input may be declared to extend. */
  input: readonly unknown[];
  readonly leading: Piece[];
  /** Whether no piece but leading ones came yet. */
  leadingOpen: boolean;
  /** The messages of the runs that have ended, frozen. */
  readonly closed: Message[];
  /** The pieces of the last run, which the next item may still join. */
  open: Piece[];
  openRun: string | undefined;
  /** The message `open` makes, once made; `undefined` until then and after `open` grows. */
  openMessage: Message | undefined;
  readonly state: State | undefined;
  /** The array the latest call returned, which the next call goes on writing. */
  result: HandedMessages<Message> | undefined;
}

const requestShapeSchema = lazySchema(() =>
  z.looseObject({
    instructions: z.string(),
    input: z.custom<readonly unknown[]>((value) => Array.isArray(value), "expected array"),
  }),
);

const functionSchema = lazySchema(() =>
  z.custom<(...values: never[]) => unknown>((value) => typeof value === "function"),
);

const mapOptionsSchema = lazySchema(() =>
  z.object({
    toError: functionSchema,
    path: z.string(),
    before: z
      .custom<(request: ModelInput) => readonly unknown[]>((value) => typeof value === "function")
      .optional(),
    marked: z.object({ count: z.number().int().nonnegative(), mark: functionSchema }).optional(),
  }),
);

const mapperOptionsSchema = lazySchema(() =>
  z.object({
    convert: functionSchema,
    leads: functionSchema.optional(),
    runOf: functionSchema,
    join: functionSchema,
    scan: z.object({ start: functionSchema, step: functionSchema }).optional(),
  }),
);

/**
 * Makes a mapping of request items to a provider's messages that costs a session's request only
 * its new items. What `convert` made of an item frozen all the way down (a session freezes every
 * item it holds) is kept, keyed by the item, and given again whenever that item comes back; each
 * item is checked against `responseItemSchema` before its first conversion. Consecutive pieces of
 * one run merge into one message through `join`; a run's message is made once, and made again
 * only when the run grows. A request made by `sharedInputRequest` (as a session makes each of
 * its requests) whose input nobody read yet is mapped from its owner's append-only array, never
 * copied; such a request over the array the previous call mapped, or one whose input is declared
 * to extend the input this mapper mapped last (`declareExtension`), goes on from where that call
 * ended, reading only its new items; one whose input begins with every item of
 * the previous call's from the same first item goes on from there after a reference comparison of
 * those items; any other request is mapped from its first item (its frozen items still converted
 * once). A call that goes on returns the array the previous one returned, its new messages
 * appended and its last ones (the open run's, the marked ones) replaced, so a turn costs no copy
 * of the history; a new array, made in one copy, only when that array's length was changed by its
 * holder, the instructions behind `before` changed, or the request does not go on. A request with
 * an item that is not frozen is mapped whole on every call, so a change to it is seen.
 *
 * @throws {ProtocolError} when `options` do not fit {@link MessageMapperOptions}.
 * @example
 * ```ts
 * const mapper = createMessageMapper({
 *   convert: (item) => (item.type === "message" ? item.role : undefined),
 *   runOf: (role) => role,
 *   join: (roles) => ({ role: roles[0], count: roles.length }),
 * });
 * mapper.map(request, { toError: (problems) => new Error(problems), path: "request" });
 * ```
 */
export function createMessageMapper<Piece, Message, State = undefined>(
  options: MessageMapperOptions<Piece, Message, State>,
): MessageMapper<Piece, Message, State> {
  if (!mapperOptionsSchema.safeParse(options).success) {
    throw argumentError(
      "options",
      "expected { convert, runOf, join: function, leads?: function, scan?: { start, step } }",
    );
  }
  const { convert, leads, runOf, join, scan } = options;
  /** What each frozen item was converted to (`undefined` outputs included, hence the box). */
  const converted = new WeakMap<object, { readonly piece: Piece | undefined }>();
  /** The latest call's memo, keyed by the first item it mapped. */
  const memos = new WeakMap<object, Memo<Piece, Message, State>>();
  /** The same memos, keyed by the input they mapped, for an input declared to extend it. */
  const byInput = new WeakMap<readonly unknown[], Memo<Piece, Message, State>>();

  /**
   * The memo of `input` itself, when it is a shared input's append-only array (`shared`) of
   * which this request holds no fewer items than were mapped, or of the input `input` is
   * declared to extend, if it still holds that input whole.
   */
  const declaredMemo = (input: readonly unknown[], length: number, shared: boolean) => {
    const same = shared ? byInput.get(input) : undefined;
    if (same !== undefined && same.items.length <= length) return same;
    const declared = extendedInput(input);
    const memo = declared === undefined ? undefined : byInput.get(declared.previous);
    return memo !== undefined && memo.items.length === declared?.length ? memo : undefined;
  };
  const remember = (memo: Memo<Piece, Message, State>) => {
    const first = memo.items[0];
    if (typeof first !== "object" || first === null) return;
    memos.set(first, memo);
    byInput.set(memo.input, memo);
  };
  const forget = (memo: Memo<Piece, Message, State>) => {
    const first = memo.items[0];
    if (typeof first === "object" && first !== null && memos.get(first) === memo) {
      memos.delete(first);
    }
    byInput.delete(memo.input);
  };

  const fresh = (input: readonly unknown[]): Memo<Piece, Message, State> => ({
    items: [],
    input,
    leading: [],
    leadingOpen: true,
    closed: [],
    open: [],
    openRun: undefined,
    openMessage: undefined,
    state: scan?.start(),
    result: undefined,
  });

  return {
    map: (request, mapOptions) => {
      if (!mapOptionsSchema.safeParse(mapOptions).success) {
        throw argumentError(
          "options",
          "expected { toError: function, path: string, before?: function, marked?: { count, mark } }",
        );
      }
      const { toError, path, before, marked } = mapOptions;
      // A shared input is read from its owner's array: reading `input` would copy it.
      const source = inputSourceOf(request);
      if (source === undefined || typeof request.instructions !== "string") {
        const shape = requestShapeSchema.safeParse(request);
        if (!shape.success) throw toError(problemsOf(shape.error, request, path));
      }
      const input = source?.items ?? request.input;
      const length = source?.length ?? input.length;
      let memo = declaredMemo(input, length, source !== undefined);
      if (memo === undefined) {
        const first = input[0];
        memo = typeof first === "object" && first !== null ? memos.get(first) : undefined;
        if (memo !== undefined && !extendsItems(input, length, memo.items)) memo = undefined;
      }
      // Taken out while this call works on it: a call that throws leaves no memo half made.
      if (memo !== undefined) forget(memo);
      memo ??= fresh(input);
      memo.input = input;
      let lasting = true;
      const closeRun = (target: Memo<Piece, Message, State>) => {
        if (target.open.length > 0) {
          target.closed.push(target.openMessage ?? deepFreeze(join(target.open)));
        }
        target.open = [];
        target.openRun = undefined;
        target.openMessage = undefined;
      };
      for (let index = memo.items.length; index < length; index += 1) {
        const item = input[index];
        let entry = typeof item === "object" && item !== null ? converted.get(item) : undefined;
        if (entry === undefined) {
          const parsed = responseItemSchema.safeParse(item);
          if (!parsed.success) {
            throw toError(problemsOf(parsed.error, item, joinPath(path, `input[${index}]`)));
          }
          const checked = item as ResponseItem;
          const piece = convert(checked, index);
          if (isDeepFrozen(checked)) {
            entry = { piece: deepFreeze(piece) };
            converted.set(checked, entry);
          } else {
            entry = { piece };
            lasting = false;
          }
        }
        memo.items.push(item);
        if (entry.piece === undefined) continue;
        if (memo.leadingOpen && leads?.(entry.piece) === true) {
          memo.leading.push(entry.piece);
          continue;
        }
        memo.leadingOpen = false;
        const piece =
          scan === undefined ? entry.piece : scan.step(entry.piece, memo.state as State, index);
        const run = runOf(piece);
        if (run === undefined || run !== memo.openRun) closeRun(memo);
        memo.open.push(piece);
        memo.openMessage = undefined;
        if (run === undefined) closeRun(memo);
        else memo.openRun = run;
      }
      if (memo.open.length > 0) memo.openMessage ??= deepFreeze(join(memo.open));
      const instructions = before === undefined ? undefined : request.instructions;
      const previous = memo.result?.instructions === instructions ? memo.result : undefined;
      memo.result = handOutMessages(previous, {
        before: previous?.before ?? before?.(request) ?? [],
        instructions,
        closed: memo.closed,
        open: memo.openMessage,
        marked,
      });
      if (lasting) remember(memo);
      const { messages } = memo.result;
      return { leading: memo.leading.slice(), messages, state: memo.state };
    },
  };
}

/**
 * Whether the first `length` items of `input` begin with every one of `items`, the same objects
 * in the same places.
 */
function extendsItems(input: readonly unknown[], length: number, items: readonly unknown[]) {
  if (length < items.length) return false;
  for (let index = 0; index < items.length; index += 1) {
    if (input[index] !== items[index]) return false;
  }
  return true;
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
