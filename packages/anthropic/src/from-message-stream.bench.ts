import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { fromMessageStream } from "./from-message-stream.js";

/** A streamed answer: a text block and a tool input, each sent as `deltas` pieces of 16 chars. */
function answerEvents(deltas: number): RawMessageStreamEvent[] {
  const piece = "0123456789abcdef";
  const json = JSON.stringify({ content: piece.repeat(deltas) });
  const events: object[] = [
    { type: "message_start", message: { usage: { input_tokens: 100, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ];
  for (let index = 0; index < deltas; index++) {
    events.push({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: piece },
    });
  }
  events.push({ type: "content_block_stop", index: 0 });
  events.push({
    type: "content_block_start",
    index: 1,
    content_block: { type: "tool_use", id: "toolu_1", name: "write_file", input: {} },
  });
  for (let start = 0; start < json.length; start += 16) {
    const partial = json.slice(start, start + 16);
    events.push({
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: partial },
    });
  }
  events.push({ type: "content_block_stop", index: 1 });
  events.push({ type: "message_delta", delta: {}, usage: { output_tokens: 5 } });
  events.push({ type: "message_stop" });
  return events as RawMessageStreamEvent[];
}

async function* streamOf(events: readonly RawMessageStreamEvent[]) {
  yield* events;
}

// Twice the deltas should take about twice the time: the chunks are joined once, at the stop.
describe("fromMessageStream", () => {
  for (const deltas of [10_000, 20_000, 40_000]) {
    const events = answerEvents(deltas);
    bench(
      `a text and a tool input of ${deltas} deltas each (${(deltas * 16) / 1024} KiB each)`,
      async () => {
        await fromMessageStream(streamOf(events));
      },
      benchOptions({ iterations: 5 }),
    );
  }
});
