import type { AnthropicTtl } from "./cache-rules.js";

/** One block of a request as a provider's cache reads it. */
export interface RequestBlock {
  /** What the cache compares: the block without its cache mark, with its place in the request. */
  readonly key: string;
  /** The cache lifetime the block's `cache_control` asks for, when it carries one. */
  readonly breakpoint?: AnthropicTtl;
  /** An OpenAI input item with a `prompt_cache_breakpoint` on one of its parts. */
  readonly explicit?: true;
}

/**
 * A Messages API request body as Anthropic's cache reads it: each tool, each `system` block, then
 * each content block of each message with its role (a string content is one text block). A
 * block's key leaves out its `cache_control` and says whether it opens a message, so moving a
 * breakpoint changes no key while splitting a message does.
 *
 * @throws {Error} when a `cache_control` asks for a lifetime Anthropic does not offer.
 */
export function anthropicBlocks(body: Record<string, unknown>): RequestBlock[] {
  const blocks: RequestBlock[] = [];
  const add = (block: unknown, place: Record<string, unknown>): void => {
    const { cache_control: mark, ...rest } = isRecord(block) ? block : { value: block };
    const key = JSON.stringify({ ...place, block: rest });
    blocks.push(mark === undefined ? { key } : { key, breakpoint: lifetime(mark) });
  };
  for (const tool of arrayOf(body.tools)) add(tool, { tool: true });
  const system =
    typeof body.system === "string" ? [{ type: "text", text: body.system }] : body.system;
  for (const block of arrayOf(system)) add(block, { system: true });
  for (const message of arrayOf(body.messages)) {
    if (!isRecord(message)) continue;
    const content =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : arrayOf(message.content);
    for (const [index, block] of content.entries()) {
      add(block, { role: message.role, opens: index === 0 });
    }
  }
  return blocks;
}

/**
 * A Responses API request body as OpenAI's cache reads it: each tool, the instructions, then each
 * input item (a string input is one user message). An item's key leaves out the
 * `prompt_cache_breakpoint` of its content or output parts, and the block says it had one: the
 * simulator takes a breakpoint on any part of an item as standing at the item's end.
 */
export function openAIBlocks(body: Record<string, unknown>): RequestBlock[] {
  const input =
    typeof body.input === "string" ? [{ role: "user", content: body.input }] : arrayOf(body.input);
  return [
    ...arrayOf(body.tools).map((tool) => ({ key: JSON.stringify({ tool }) })),
    { key: JSON.stringify({ instructions: body.instructions ?? null }) },
    ...input.map(openAIItemBlock),
  ];
}

function openAIItemBlock(item: unknown): RequestBlock {
  let explicit = false;
  const key = JSON.stringify(item, (name, value) => {
    if (name !== "prompt_cache_breakpoint") return value;
    explicit = true;
    return undefined;
  });
  return explicit ? { key, explicit } : { key };
}

function lifetime(mark: unknown): AnthropicTtl {
  const ttl = isRecord(mark) ? mark.ttl : undefined;
  if (ttl === undefined || ttl === "5m" || ttl === "1h") return ttl ?? "5m";
  throw new Error(
    `cache_control asks for a ttl of ${JSON.stringify(ttl)}; Anthropic offers "5m" and "1h"`,
  );
}

function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
