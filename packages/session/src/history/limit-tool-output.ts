import type { TruncationPolicy } from "@ctx/prompts";
import type { ResponseItem, ToolOutput } from "@ctx/protocol";
import { type CtxWarning, utf8ByteLength, utf8PrefixEnd, utf8SuffixStart } from "@ctx/text";

/** Bytes per token in the estimate a `tokens` policy is applied with, as the reference does. */
const bytesPerToken = 4;

/**
 * The room a policy's limit is given on recording, as the reference gives it: a fifth more,
 * rounded up, for what serialising the output adds.
 */
const serialisationHeadroom = 1.2;

/**
 * `item` with its tool output cut to `policy` (a model's `truncationPolicy`, or the session's
 * `toolOutputLimit`), applied as the reference applies it: with a fifth more room (the limit
 * × 1.2, rounded up) for what serialising the output adds. Text over that keeps its start and its end and says in the middle how
 * much was left out, in the policy's unit; the texts of an output of content items share the
 * limit, in order, and its images are kept. Each cut output leaves a `tool-output-truncated`
 * warning in `warnings`. Any other item, and an output within the limit, is returned as it is.
 */
export function limitToolOutput(
  item: ResponseItem,
  policy: TruncationPolicy,
  warnings: CtxWarning[],
): ResponseItem {
  if (item.type !== "function_call_output" && item.type !== "custom_tool_call_output") return item;
  const limit = Math.ceil(policy.limit * serialisationHeadroom);
  const budget = { bytes: policy.mode === "bytes" ? limit : limit * bytesPerToken };
  const before = outputBytes(item.output);
  if (before <= budget.bytes) return item;
  const output: ToolOutput =
    typeof item.output === "string"
      ? cutText(item.output, budget, policy.mode)
      : item.output.map((part) =>
          part.type === "input_text"
            ? { ...part, text: cutText(part.text, budget, policy.mode) }
            : part,
        );
  const unit = policy.mode === "bytes" ? "bytes" : "tokens";
  warnings.push({
    code: "tool-output-truncated",
    message: `the output of tool call ${item.call_id} was ${before} bytes, over the model's limit of ${policy.limit} ${unit}; its middle was left out`,
  });
  return { ...item, output };
}

function outputBytes(output: ToolOutput): number {
  if (typeof output === "string") return utf8ByteLength(output);
  let bytes = 0;
  for (const part of output) if (part.type === "input_text") bytes += utf8ByteLength(part.text);
  return bytes;
}

/**
 * `text` within what is left of `budget`, which it uses up: its start and end around a note of
 * how much of the middle was left out.
 */
function cutText(text: string, budget: { bytes: number }, mode: TruncationPolicy["mode"]): string {
  const bytes = utf8ByteLength(text);
  if (bytes <= budget.bytes) {
    budget.bytes -= bytes;
    return text;
  }
  const headEnd = utf8PrefixEnd(text, Math.floor(budget.bytes / 2));
  const tailStart = utf8SuffixStart(text, budget.bytes - Math.floor(budget.bytes / 2));
  budget.bytes = 0;
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  const removed = bytes - utf8ByteLength(head) - utf8ByteLength(tail);
  const amount =
    mode === "bytes" ? `${removed} bytes` : `about ${Math.ceil(removed / bytesPerToken)} tokens`;
  return `${head}\n[… ${amount} of this output left out here …]\n${tail}`;
}
