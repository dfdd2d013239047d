import type {
  ContentItem,
  CustomToolCallOutputItem,
  FunctionCallOutputItem,
  ResponseItem,
  ToolOutput,
} from "@ctx/protocol";
import type { HistoryEntry } from "./origin.js";

/** The text that stands for an image a text-only model cannot take. */
export const imageOmittedText =
  "[An image was here; it was left out because this model reads text only.]";

/** What a synthetic output says about a call that never got one. */
export const abortedOutputText = "aborted";

/** The items to send, and where each came from. */
export interface PromptView {
  readonly items: readonly ResponseItem[];
  /** The history entry behind the item at `index`; `undefined` for a synthetic output. */
  entryAt(index: number): HistoryEntry | undefined;
}

/**
 * The history as the model is sent it, kept up to date one entry at a time so a turn costs the
 * same however long the history is: outputs whose call is not in the history are left out; at
 * send time a call without an output gets a synthetic `aborted` output right after it, and
 * images become a short text for a model that reads text only. Stand-ins are made once per call
 * or item, so an unchanged history gives identical items request after request.
 */
export class PromptBuilder {
  readonly #entries: HistoryEntry[] = [];
  readonly #items: ResponseItem[] = [];
  readonly #calls = new Set<string>();
  /** Calls without an output yet, with their position. */
  readonly #pending = new Map<string, number>();
  readonly #imagePositions: number[] = [];
  readonly #synthetic = new Map<string, ResponseItem>();
  readonly #stripped = new WeakMap<ResponseItem, ResponseItem>();

  /** Adds one history entry (an orphan output is kept out). */
  append(entry: HistoryEntry): void {
    const { item } = entry;
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      if (!this.#calls.has(item.call_id)) return;
      this.#pending.delete(item.call_id);
    }
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      this.#calls.add(item.call_id);
      this.#pending.set(item.call_id, this.#items.length);
    }
    if (hasImage(item)) this.#imagePositions.push(this.#items.length);
    this.#entries.push(entry);
    this.#items.push(item);
  }

  /** The items to send now: a copy, so later appends never change a view already taken. */
  view(options: { readonly imageInput: boolean }): PromptView {
    const items = this.#items.slice();
    if (!options.imageInput) {
      for (const position of this.#imagePositions) {
        const item = items[position];
        if (item !== undefined) items[position] = this.#strip(item);
      }
    }
    const positions = [...this.#pending].sort(([, first], [, second]) => first - second);
    const synthetic: number[] = [];
    for (const [callId, position] of positions) {
      const call = this.#items[position];
      if (call === undefined) continue;
      const at = position + 1 + synthetic.length;
      items.splice(at, 0, this.#aborted(callId, call));
      synthetic.push(at);
    }
    const entries = this.#entries;
    return {
      items,
      entryAt: (index) => {
        let before = 0;
        for (const at of synthetic) {
          if (at === index) return undefined;
          if (at < index) before += 1;
        }
        return entries[index - before];
      },
    };
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
      this.#synthetic.set(callId, output);
    }
    return output;
  }

  #strip(item: ResponseItem): ResponseItem {
    let stripped = this.#stripped.get(item);
    if (stripped === undefined) {
      stripped = withoutImages(item);
      this.#stripped.set(item, stripped);
    }
    return stripped;
  }
}

/**
 * `items` as a model is sent them; see {@link PromptBuilder}.
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
  const builder = new PromptBuilder();
  for (const entry of entries) builder.append(entry);
  return [...builder.view(options).items];
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
