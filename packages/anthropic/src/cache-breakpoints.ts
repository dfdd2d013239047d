import type {
  CacheControlEphemeral,
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";

/**
 * How far after the end of the previous request a breakpoint may sit and still read it back:
 * Anthropic checks the cache at the block boundaries up to 20 blocks back from a breakpoint
 * (https://platform.claude.com/docs/en/build-with-claude/prompt-caching), the breakpoint's own
 * among them; one short of that, so a boundary counted either way is still reached.
 */
const reach = 18;

/** The blocks a cache breakpoint goes on (the API takes none on a thinking block). */
export type CacheableBlock =
  | TextBlockParam
  | ImageBlockParam
  | ToolUseBlockParam
  | ToolResultBlockParam;

/** Whether the API takes a `cache_control` on `block`. */
export function takesCacheControl(block: ContentBlockParam): block is CacheableBlock {
  return (
    block.type === "text" ||
    block.type === "image" ||
    block.type === "tool_use" ||
    block.type === "tool_result"
  );
}

/**
 * A copy of `message` with `cacheControl` on the block that anchors it, the message being
 * `fromEnd`-th from the end of the request. The last message's anchor is its last block that
 * takes one: where the next request goes on. The one before it opens what this request added
 * to the previous one (a tool round: the calls, then their results), so its anchor is its last
 * block within reach of the previous request's end (the 19th at most): however many calls the
 * model made at once, this request reads the previous one back through it.
 */
export function withBreakpoint(
  message: MessageParam,
  cacheControl: CacheControlEphemeral,
  fromEnd: number,
): MessageParam {
  if (typeof message.content === "string") return message;
  const within = fromEnd === 1 ? message.content.length : reach + 1;
  return message.role === "system"
    ? { role: "system", content: withMarked(message.content, cacheControl, within) }
    : { role: message.role, content: withMarked(message.content, cacheControl, within) };
}

function withMarked<Each extends ContentBlockParam>(
  blocks: readonly Each[],
  cacheControl: CacheControlEphemeral,
  within: number,
): Each[] {
  const content = [...blocks];
  const at = content.slice(0, within).findLastIndex(takesCacheControl);
  const block = content[at];
  if (block !== undefined && takesCacheControl(block)) {
    content[at] = { ...block, cache_control: { ...cacheControl } };
  }
  return content;
}
