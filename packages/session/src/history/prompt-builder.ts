import type {
  ContentItem,
  CustomToolCallOutputItem,
  FunctionCallOutputItem,
  ResponseItem,
  ToolOutput,
} from "@ctx/protocol";
import { deepFreeze, lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { historyEntrySchema } from "../log/session-records.js";
import type { HistoryEntry } from "./origin.js";

/** The text that stands for an image a text-only model cannot take. */
export const imageOmittedText =
  "[An image was here; it was left out because this model reads text only.]";

/** What a synthetic output says about a call that never got one. */
export const abortedOutputText = "aborted";

/** The items to send, and where each came from. */
export interface PromptView {
  /**
   * The items, made on first read (one copy of the references): a plain array, the caller's
   * (left unfrozen: engines copy and read frozen arrays more slowly), of frozen items. Later
   * appends never change it.
   */
  readonly items: readonly ResponseItem[];
  /** How many items the view holds. */
  readonly length: number;
  /** The item at `index`, read without making `items`; `undefined` past the end. */
  itemAt(index: number): ResponseItem | undefined;
  /** The history entry behind the item at `index`; `undefined` for a synthetic output. */
  entryAt(index: number): HistoryEntry | undefined;
  /** The history index of the entry behind the item at `index`; `undefined` as for `entryAt`. */
  historyIndexAt(index: number): number | undefined;
  /**
   * Whether this view's items begin with all of `previous`'s items, when that can be told
   * without comparing them one by one (both views of one unchanged history, with the same
   * stand-ins); `undefined` when it cannot.
   */
  extends(previous: PromptView): boolean | undefined;
}

/** What a view was made from, to tell whether a later view extends it. */
const viewFacts = new WeakMap<
  PromptView,
  {
    readonly owner: PromptBuilder;
    readonly strip: boolean;
    readonly synthetic: readonly (readonly [number, string])[];
  }
>();

/**
 * The history as the model is sent it, kept up to date one entry at a time so a turn costs the
 * same however long the history is: outputs whose call is not in the history are left out; at
 * send time a call without an output gets a synthetic `aborted` output right after it, and
 * images become a short text for a model that reads text only. Stand-ins are made once per call
 * or item, so an unchanged history gives identical items request after request. Every item is
 * frozen, with everything inside it, as it comes in, so a mapping may keep what it made of it.
 */
export class PromptBuilder {
  readonly #entries: HistoryEntry[] = [];
  readonly #items: ResponseItem[] = [];
  /** The history index of each item's entry (orphan outputs leave gaps). */
  readonly #historyIndexes: number[] = [];
  /** How many entries were appended, orphans included. */
  #appended = 0;
  readonly #calls = new Set<string>();
  /** Calls without an output yet, with their position. */
  readonly #pending = new Map<string, number>();
  readonly #imagePositions = new Set<number>();
  readonly #synthetic = new Map<string, ResponseItem>();
  readonly #stripped = new WeakMap<ResponseItem, ResponseItem>();

  /** Adds one history entry (an orphan output is kept out). */
  append(entry: HistoryEntry): void {
    const item = deepFreeze(entry.item);
    const historyIndex = this.#appended;
    this.#appended += 1;
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      if (!this.#calls.has(item.call_id)) return;
      this.#pending.delete(item.call_id);
    }
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      this.#calls.add(item.call_id);
      this.#pending.set(item.call_id, this.#items.length);
    }
    if (hasImage(item)) this.#imagePositions.add(this.#items.length);
    this.#entries.push(entry);
    this.#items.push(item);
    this.#historyIndexes.push(historyIndex);
  }

  /**
   * The items to send now, as a view made in constant time: later appends never change a view
   * already taken (the storage only grows; a rollback starts a new builder). Its `items` array
   * is made when first read.
   */
  view(options: { readonly imageInput: boolean }): PromptView {
    const backing = this.#items;
    const entries = this.#entries;
    const historyIndexes = this.#historyIndexes;
    const base = backing.length;
    const strip = !options.imageInput && this.#imagePositions.size > 0;
    const positions = [...this.#pending].sort(([, first], [, second]) => first - second);
    /** Where each synthetic output sits in the view, and its call. */
    const synthetic: (readonly [number, string])[] = positions.map(([callId, position], index) => [
      position + 1 + index,
      callId,
    ]);
    const locate = (index: number): number | string => {
      let before = 0;
      for (const [at, callId] of synthetic) {
        if (at === index) return callId;
        if (at < index) before += 1;
      }
      return index - before;
    };
    const itemAt = (index: number): ResponseItem | undefined => {
      const place = locate(index);
      if (typeof place === "string") {
        const position = positions.find(([callId]) => callId === place)?.[1];
        const call = position === undefined ? undefined : backing[position];
        return call === undefined ? undefined : this.#aborted(place, call);
      }
      const item = backing[place];
      return item !== undefined && strip && this.#imagePositions.has(place)
        ? this.#strip(item)
        : item;
    };
    const length = base + synthetic.length;
    let items: readonly ResponseItem[] | undefined;
    const copy = (): readonly ResponseItem[] => {
      items ??= this.#copy(base, positions, strip);
      return items;
    };
    const view: PromptView = {
      get items() {
        return copy();
      },
      length,
      itemAt: (index) => (index >= 0 && index < length ? itemAt(index) : undefined),
      entryAt: (index) => {
        const place = locate(index);
        return typeof place === "string" ? undefined : entries[place];
      },
      historyIndexAt: (index) => {
        const place = locate(index);
        return typeof place === "string" ? undefined : historyIndexes[place];
      },
      extends: (previous) => {
        const before = viewFacts.get(previous);
        if (before === undefined || before.owner !== this) return undefined;
        const sameStandIns =
          before.strip === strip &&
          before.synthetic.every(([at, callId]) =>
            synthetic.some(([here, call]) => here === at && call === callId),
          );
        return sameStandIns ? true : undefined;
      },
    };
    viewFacts.set(view, { owner: this, strip, synthetic });
    return view;
  }

  /**
   * The first `base` items with the synthetic outputs after their calls (`pending`, in order of
   * position) and, when `strip` is set, images replaced: copies of runs of references.
   */
  #copy(
    base: number,
    pending: readonly (readonly [string, number])[],
    strip: boolean,
  ): ResponseItem[] {
    const backing = this.#items;
    const runs: ResponseItem[][] = [];
    let start = 0;
    for (const [callId, position] of pending) {
      const call = backing[position];
      runs.push(backing.slice(start, position + 1));
      if (call !== undefined) runs.push([this.#aborted(callId, call)]);
      start = position + 1;
    }
    const tail = backing.slice(start, base);
    const items = runs.length === 0 ? tail : ([] as ResponseItem[]).concat(...runs, tail);
    if (strip) {
      for (const position of this.#imagePositions) {
        if (position >= base) continue;
        const before = pending.filter(([, at]) => at < position).length;
        const item = items[position + before];
        if (item !== undefined) items[position + before] = this.#strip(item);
      }
    }
    return items;
  }

  #aborted(callId: string, call: ResponseItem): ResponseItem {
    let output = this.#synthetic.get(callId);
    if (output === undefined) {
      output =
        call.type === "custom_tool_call"
          ? ({
              type: "custom_tool_call_output",
              call_id: callId,
              output: abortedOutputText,
            } satisfies CustomToolCallOutputItem)
          : ({
              type: "function_call_output",
              call_id: callId,
              output: abortedOutputText,
            } satisfies FunctionCallOutputItem);
      this.#synthetic.set(callId, deepFreeze(output));
    }
    return output;
  }

  #strip(item: ResponseItem): ResponseItem {
    let stripped = this.#stripped.get(item);
    if (stripped === undefined) {
      stripped = deepFreeze(withoutImages(item));
      this.#stripped.set(item, stripped);
    }
    return stripped;
  }
}

const normalizeOptionsSchema = lazySchema(() => z.strictObject({ imageInput: z.boolean() }));

/**
 * `entries` as a model is sent them; see {@link PromptBuilder}.
 * @throws {SessionError} naming `entries` or `options` when it does not fit its type.
 * @example
 * ```ts
 * normalizeHistory([{ type: "function_call", call_id: "c1", name: "ls", arguments: "{}" }]);
 * // [call, { type: "function_call_output", call_id: "c1", output: "aborted" }]
 * ```
 */
export function normalizeHistory(
  entries: readonly HistoryEntry[],
  options: { readonly imageInput: boolean },
): ResponseItem[] {
  const checked = checkSchema("entries", entries, z.array(historyEntrySchema));
  const { imageInput } = checkSchema("options", options, normalizeOptionsSchema);
  const builder = new PromptBuilder();
  for (const entry of checked) builder.append(entry);
  return [...builder.view({ imageInput }).items];
}

function hasImage(item: ResponseItem): boolean {
  if (item.type === "message")
    return item.content.some((content) => content.type === "input_image");
  if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
    return (
      typeof item.output !== "string" &&
      item.output.some((content) => content.type === "input_image")
    );
  }
  return false;
}

function withoutImages(item: ResponseItem): ResponseItem {
  if (item.type === "message") {
    return { ...item, content: item.content.map(textOnly) };
  }
  if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
    return { ...item, output: outputTextOnly(item.output) };
  }
  return item;
}

function textOnly(content: ContentItem): ContentItem {
  return content.type === "input_image" ? { type: "input_text", text: imageOmittedText } : content;
}

function outputTextOnly(output: ToolOutput): ToolOutput {
  if (typeof output === "string") return output;
  return output.map((content) =>
    content.type === "input_image" ? { type: "input_text", text: imageOmittedText } : content,
  );
}
