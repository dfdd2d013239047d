import type { ContentItem, JsonValue, ResponseItem, ToolOutput } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import type { HistoryEntry, Origin } from "../history/origin.js";
import type { ClaudeCodeBlock, ClaudeCodeJson, ClaudeCodeRecord } from "./claude-code-record.js";
import { createClaudeCodeRecordReader } from "./create-claude-code-record-reader.js";
import { createClaudeCodeRewindTracker } from "./create-claude-code-rewind-tracker.js";
import { LineCount } from "./line-count.js";

/** What a Claude Code transcript leaves for the next request, read to its end. */
export interface ClaudeCodeHistory {
  /** The main conversation since the last compaction, each item with who wrote it. */
  readonly entries: HistoryEntry[];
  /** The folder the transcript's records name, if any. */
  readonly cwd: string | undefined;
  /** How many records of sub-agents' conversations (sidechains) were left out of the history. */
  readonly sidechainRecords: number;
  /** How many times the person rewound the conversation: each abandoned branch is left out. */
  readonly rewinds: number;
  readonly warnings: CtxWarning[];
}

const context: Origin = { source: "context", kinds: [] };
const model: Origin = { source: "model" };

/** A reasoning item that carries a Claude block back to Claude, as `@ctx/anthropic` reads it. */
function reasoning(fields: { readonly [key: string]: JsonValue }): HistoryEntry {
  const item: ResponseItem = { type: "reasoning", summary: [] };
  return { item: Object.assign(item, fields), origin: model };
}

/** An image block's source as an input image, when it is data or a link. */
function inputImage(source: ClaudeCodeJson): ContentItem | undefined {
  if (source.type === "base64" && typeof source.data === "string") {
    const media = typeof source.media_type === "string" ? source.media_type : "image/png";
    return { type: "input_image", image_url: `data:${media};base64,${source.data}` };
  }
  return source.type === "url" && typeof source.url === "string"
    ? { type: "input_image", image_url: source.url }
    : undefined;
}

/** What a tool returned, as the model read it: its text with Claude Code's reminders, its images. */
function toolOutput(block: ClaudeCodeBlock & { type: "tool_result" }): ToolOutput {
  const parts = block.parts.flatMap(
    (part): (ContentItem & { type: "input_text" | "input_image" })[] => {
      if (part.type === "text")
        return [{ type: "input_text", text: part.text + part.reminders.join("") }];
      if (part.type === "other") return [{ type: "input_text", text: part.json }];
      const image = inputImage(part.source);
      return image?.type === "input_image" ? [image] : [];
    },
  );
  return parts.every((part) => part.type === "input_text")
    ? parts.map((part) => (part.type === "input_text" ? part.text : "")).join("")
    : parts;
}

/**
 * Reads a Claude Code transcript one line at a time, through the record reader `ctx inspect`
 * uses too, and keeps only the main conversation's history as @ctx items: what the person typed
 * as the user's messages; what Claude Code wrote in their place (reminders, hook and command
 * output, task notifications, command expansions, interruptions) as injected context; the
 * model's text, thinking and tool calls as the model's; each tool's result as the tool's, paired
 * with its call by id. A compaction boundary empties the history, and the summary that follows
 * is the model's. Sub-agents' records (sidechains) are counted and left out. Memory holds that
 * history and the ids of the calls, never the file.
 */
export class ClaudeCodeHistoryReader {
  readonly #read = createClaudeCodeRecordReader();
  #entries: HistoryEntry[] = [];
  readonly #calls = new Set<string>();
  #lineNumber = 0;
  readonly #skipped = new LineCount();
  readonly #unpaired = new LineCount();
  #sidechainRecords = 0;
  #cwd: string | undefined;
  /** Where each main-thread record left the history's length: where a rewind goes back to. */
  readonly #rewindTracker = createClaudeCodeRewindTracker();
  #rewinds = 0;

  /** Reads the next line of the transcript (without its newline). */
  line(text: string): void {
    this.#lineNumber += 1;
    if (text.trim() === "") return;
    const json = parseJson(text);
    const record = json === undefined ? undefined : this.#read(json);
    if (record === undefined || record.type === "unfit") {
      this.#skipped.note(this.#lineNumber);
      return;
    }
    if (record.type !== "compaction" && record.thread !== undefined) {
      this.#sidechainRecords += 1;
      return;
    }
    this.#cwd ??= record.facts?.cwd;
    const rewind = json === undefined ? undefined : this.#rewindTracker.take(record, json);
    if (rewind !== undefined) this.#rewind(rewind.place);
    this.#record(record);
    this.#rewindTracker.remember(this.#entries.length);
  }

  /**
   * Goes back to the history's length `length`, where the person's message that rewound the
   * conversation goes on from (Claude Code keeps the abandoned branch in the file, and sends the
   * new one).
   */
  #rewind(length: number): void {
    this.#rewinds += 1;
    this.#entries = this.#entries.slice(0, length);
    this.#calls.clear();
    for (const { item } of this.#entries) {
      if (item.type === "function_call") this.#calls.add(item.call_id);
    }
  }

  /** The history read so far, and what could not be read. */
  finish(): ClaudeCodeHistory {
    return {
      entries: this.#entries,
      cwd: this.#cwd,
      sidechainRecords: this.#sidechainRecords,
      rewinds: this.#rewinds,
      warnings: [
        ...this.#skipped.warning(
          "claude-code-lines-skipped",
          "Claude Code transcript",
          "could not be read as Claude Code records and were skipped",
        ),
        ...this.#unpaired.warning(
          "claude-code-calls-unpaired",
          "Claude Code transcript",
          "hold a tool call without an id or with one already used, or a result of no call in the history, which were left out",
        ),
      ],
    };
  }

  #record(record: ClaudeCodeRecord): void {
    if (record.type === "compaction") {
      this.#entries = [];
      this.#calls.clear();
    } else if (record.type === "user" || record.type === "assistant") {
      let run: { origin: Origin; content: ContentItem[] } | undefined;
      const flush = () => {
        if (run !== undefined && run.content.length > 0) {
          const role =
            run.origin.source === "model" && record.type === "assistant" ? "assistant" : "user";
          this.#entries.push({
            item: { type: "message", role, content: run.content },
            origin: run.origin,
          });
        }
        run = undefined;
      };
      for (const block of record.blocks) {
        const content = this.#content(block);
        if (content === undefined) {
          flush();
          const item = this.#item(block);
          if (item !== undefined) this.#entries.push(item);
          continue;
        }
        if (run?.origin.source !== content.origin.source) flush();
        run ??= { origin: content.origin, content: [] };
        run.content.push(content.item);
      }
      flush();
    }
  }

  /** A block that goes in a message: its content and who wrote it; `undefined` for the others. */
  #content(block: ClaudeCodeBlock): { origin: Origin; item: ContentItem } | undefined {
    if (block.type === "text") {
      if (block.author === "model") {
        return { origin: { source: "model" }, item: { type: "output_text", text: block.text } };
      }
      // The summary Claude Code's compaction left was written by the model.
      const origin: Origin =
        block.author === "user"
          ? { source: "user" }
          : block.kind === "compaction_summary"
            ? { source: "model" }
            : context;
      return { origin, item: { type: "input_text", text: block.text } };
    }
    if (block.type === "image") {
      const image = inputImage(block.source);
      return image === undefined
        ? undefined
        : { origin: block.author === "user" ? { source: "user" } : context, item: image };
    }
    if (block.type === "other" && block.author !== "model") {
      return { origin: context, item: { type: "input_text", text: block.json } };
    }
    return undefined;
  }

  /** A block that is an item of its own: a call, a result, reasoning. */
  #item(block: ClaudeCodeBlock): HistoryEntry | undefined {
    switch (block.type) {
      case "tool_use": {
        if (block.id === undefined || this.#calls.has(block.id)) {
          this.#unpaired.note(this.#lineNumber);
          return undefined;
        }
        this.#calls.add(block.id);
        const item: ResponseItem = {
          type: "function_call",
          call_id: block.id,
          name: block.name,
          arguments: JSON.stringify(block.input),
        };
        return { item, origin: model };
      }
      case "tool_result":
        // A result whose call is not in the history (cut off by an excerpt) is never sent.
        if (block.toolUseId === undefined || !this.#calls.has(block.toolUseId)) {
          this.#unpaired.note(this.#lineNumber);
          return undefined;
        }
        return {
          item: {
            type: "function_call_output",
            call_id: block.toolUseId,
            output: toolOutput(block),
          },
          origin: { source: "tool" },
        };
      case "thinking":
        // A thinking block goes back to Claude only with its signature; without, it is read only.
        return reasoning({
          content: [{ type: "reasoning_text", text: block.text }],
          ...(block.signature === undefined || block.signature === ""
            ? {}
            : { encrypted_content: block.signature, format: "anthropic-thinking" }),
        });
      case "redacted_thinking":
        return reasoning({ encrypted_content: block.data, format: "anthropic-redacted-thinking" });
      case "other":
        // A server tool's block (a web search and its result): carried back to Claude whole.
        return reasoning({
          format: "anthropic-server-block",
          block: JSON.parse(block.json) as JsonValue,
        });
      default:
        return undefined;
    }
  }
}

function parseJson(line: string): JsonValue | undefined {
  try {
    return JSON.parse(line) as JsonValue;
  } catch {
    return undefined;
  }
}
