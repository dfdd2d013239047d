import type { ResponseInputItem } from "openai/resources/responses/responses";

/** A breakpoint of OpenAI's explicit prompt caching, on a content part. */
interface PromptCacheBreakpoint {
  readonly mode: "explicit";
}

/** The lifetimes OpenAI's explicit prompt caching offers. */
export type PromptCacheTtl = "30m" | "12h";

/**
 * The most breakpoints one request writes in explicit mode
 * (https://developers.openai.com/api/docs/guides/prompt-caching, and the `openai` SDK's
 * `prompt_cache_options`, read 2026-12-07: "writes up to the latest four explicit breakpoints").
 */
const maxBreakpoints = 4;

/**
 * A copy of `input` with explicit cache breakpoints on the last content part of: the first
 * item when it is a developer message (the base instructions sent as one, or the opening
 * context), the last developer message of the opening run (the session-long prefix), and the
 * last item that can carry one (a user or developer message, a tool output given as a list),
 * where the next request goes on. OpenAI matches a prefix at any of the latest 80 breakpoints of
 * the conversation, with no lookback limit, so one at the end of each request is read back by
 * the next however much it adds. The items marked are copies; the others are `input`'s own.
 */
export function withExplicitBreakpoints(input: readonly ResponseInputItem[]): ResponseInputItem[] {
  const marked = [...input];
  const positions = new Set<number>();
  if (isDeveloperMessage(input[0])) positions.add(0);
  let opening = 0;
  while (isDeveloperMessage(input[opening + 1])) opening += 1;
  if (isDeveloperMessage(input[opening])) positions.add(opening);
  for (let index = input.length - 1; index >= 0; index -= 1) {
    if (lastPart(input[index]) !== undefined) {
      positions.add(index);
      break;
    }
  }
  for (const index of [...positions].slice(-maxBreakpoints)) {
    const item = input[index];
    if (item !== undefined) marked[index] = withBreakpoint(item);
  }
  return marked;
}

function isDeveloperMessage(item: ResponseInputItem | undefined): boolean {
  return item?.type === "message" && item.role === "developer";
}

/** The content parts of `item` a breakpoint can go on the last of, or `undefined`. */
function lastPart(item: ResponseInputItem | undefined): object | undefined {
  if (item === undefined) return undefined;
  if (item.type === "message" && item.role !== "assistant" && Array.isArray(item.content)) {
    return item.content.at(-1);
  }
  if (
    (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
    Array.isArray(item.output)
  ) {
    return item.output.at(-1);
  }
  return undefined;
}

function withBreakpoint(item: ResponseInputItem): ResponseInputItem {
  const breakpoint: PromptCacheBreakpoint = { mode: "explicit" };
  const mark = (parts: readonly object[]): object[] =>
    parts.map((part, index) =>
      index === parts.length - 1 ? { ...part, prompt_cache_breakpoint: breakpoint } : part,
    );
  if (item.type === "message" && Array.isArray(item.content)) {
    return { ...item, content: mark(item.content) } as ResponseInputItem;
  }
  if (
    (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
    Array.isArray(item.output)
  ) {
    return { ...item, output: mark(item.output) } as ResponseInputItem;
  }
  return item;
}
