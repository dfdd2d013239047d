/**
 * What of one request a provider's prompt cache keys on: its blocks in the order the provider
 * reads them (tools, instructions, then the input), each compared as JSON, and the blocks after
 * which the provider writes a cache entry.
 */
export interface PromptPrefix {
  readonly blocks: readonly unknown[];
  /** Indexes into `blocks`: a cache entry is written for the prefix ending at each. */
  readonly breakpoints: readonly number[];
}

/** A provider's prompt cache as a mock server keeps it: entries written, prefixes read. */
export interface PromptCache {
  /**
   * Serves one request: reads the longest entry written by an earlier request that `prefix`
   * begins with and that ends at or before its last breakpoint, then writes an entry at each of
   * its breakpoints. Returns the cached input tokens the provider reports (a block counts a token
   * per four characters of its JSON, rounded up); 0 when nothing was read.
   */
  serve(prefix: PromptPrefix): number;
}

/** An empty {@link PromptCache}. */
export function createPromptCache(): PromptCache {
  const entries: string[][] = [];
  return {
    serve({ blocks, breakpoints }) {
      const keys = blocks.map((block) => JSON.stringify(block));
      const last = Math.max(-1, ...breakpoints);
      let read = 0;
      for (const entry of entries) {
        const fits =
          entry.length <= last + 1 &&
          entry.length > read &&
          entry.every((key, index) => key === keys[index]);
        if (fits) read = entry.length;
      }
      for (const breakpoint of breakpoints) entries.push(keys.slice(0, breakpoint + 1));
      return keys.slice(0, read).reduce((sum, key) => sum + Math.ceil(key.length / 4), 0);
    },
  };
}

/**
 * A Responses API request as OpenAI's prompt cache sees it: the cache key and the tools (a
 * request of another key or other tools shares nothing), the instructions, then each input item;
 * the whole prompt is cached after every request.
 */
export function openAIPromptPrefix(body: Record<string, unknown>): PromptPrefix {
  const input = Array.isArray(body.input) ? body.input : [];
  const blocks = [
    { key: body.prompt_cache_key ?? null, tools: body.tools ?? [] },
    { instructions: body.instructions ?? null },
    ...input,
  ];
  return { blocks, breakpoints: [blocks.length - 1] };
}

/**
 * A Messages API request as Anthropic's prompt cache sees it: the tools, each `system` block,
 * then each content block of each message with its role, compared without their
 * `cache_control`; an entry is written at each block that carries one (a tool's marks the
 * tools).
 */
export function anthropicPromptPrefix(body: Record<string, unknown>): PromptPrefix {
  const blocks: unknown[] = [];
  const breakpoints: number[] = [];
  const add = (block: unknown, role?: string): void => {
    const plain = isRecord(block) ? withoutCacheControl(block) : block;
    blocks.push(role === undefined ? plain : { role, block: plain });
    if (isRecord(block) && "cache_control" in block) breakpoints.push(blocks.length - 1);
  };
  const tools = Array.isArray(body.tools) ? body.tools : [];
  blocks.push({ tools: tools.map((tool) => (isRecord(tool) ? withoutCacheControl(tool) : tool)) });
  if (tools.some((tool) => isRecord(tool) && "cache_control" in tool)) breakpoints.push(0);
  for (const block of Array.isArray(body.system) ? body.system : []) add(block);
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(message)) continue;
    const role = String(message.role);
    const content =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : Array.isArray(message.content)
          ? message.content
          : [];
    for (const block of content) add(block, role);
  }
  return { blocks, breakpoints };
}

function withoutCacheControl(value: Record<string, unknown>): Record<string, unknown> {
  const { cache_control: _, ...rest } = value;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
