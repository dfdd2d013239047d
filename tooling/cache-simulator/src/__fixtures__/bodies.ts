/** Counts a token per `#` of a block, so a test sets each block's size exactly. */
export const countHashes = (text: string): number => text.split("#").length - 1;

/** A text block of `tokens` tokens under {@link countHashes}, marked when `ttl` is given. */
export function textBlock(tokens: number, ttl?: "5m" | "1h"): Record<string, unknown> {
  const block = { type: "text", text: `${"#".repeat(tokens)}` };
  return ttl === undefined ? block : { ...block, cache_control: { type: "ephemeral", ttl } };
}

/** A Messages API body: one user message per block of `blocks`. */
export function messagesBody(
  blocks: readonly Record<string, unknown>[],
  model = "claude-sonnet-4-5",
): Record<string, unknown> {
  return { model, messages: blocks.map((block) => ({ role: "user", content: [block] })) };
}

/** A Responses API body whose input is one user message per size in `sizes`. */
export function responsesBody(
  sizes: readonly number[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    model: "gpt-5.5",
    instructions: "",
    input: sizes.map((tokens) => ({ role: "user", content: "#".repeat(tokens) })),
    ...extra,
  };
}

/** Milliseconds in `count` minutes. */
export const minutes = (count: number): number => count * 60_000;
