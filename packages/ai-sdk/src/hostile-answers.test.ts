import { expectTypedOutcome } from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import fc from "fast-check";
import { describe, it } from "vitest";
import { fromGenerateText, type TextResult } from "./from-generate-text.js";
import { fromStreamText, type StreamingTextResult } from "./from-stream-text.js";

/** Well-formed parts of answers, which the property bends a field or two of. */
const templates: readonly object[] = [
  { role: "assistant", content: [{ type: "text", text: "Hi." }] },
  { type: "text", text: "Hi." },
  { type: "reasoning", text: "t" },
  { type: "tool-call", toolCallId: "c1", toolName: "shell", input: {} },
  { type: "tool-result", toolCallId: "c1", output: { type: "json", value: { ok: true } } },
  { type: "content", value: [{ type: "image-data", data: "AAAA", mediaType: "image/png" }] },
  { role: "tool", content: [] },
  { inputTokens: 5, outputTokens: 1, totalTokens: 6 },
];
const keys = [
  "role",
  "content",
  "type",
  "text",
  "toolCallId",
  "toolName",
  "input",
  "output",
  "value",
];

/** Whatever JSON a provider could send, leaning to objects shaped like its answers. */
const { value: hostile } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthSize: "small" },
    fc.jsonValue({ maxDepth: 1, stringUnit: "binary" }),
    fc
      .tuple(
        fc.constantFrom(...templates),
        fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 2 }),
      )
      .map(([template, fields]) => ({ ...template, ...fields })),
    fc.constantFrom(...templates),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
}));

const typed = (error: unknown) => AdapterError.isInstance(error);

describe("the AI SDK answer mappings fed any JSON a provider could send", () => {
  it("fromGenerateText and fromStreamText throw only typed errors and return only recordable items", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostile, { maxLength: 4 }),
        hostile,
        hostile,
        async (messages, usage, finishReason) => {
          const result = { response: { messages }, usage, finishReason };
          await expectTypedOutcome(() => fromGenerateText(result as unknown as TextResult), typed);
          await expectTypedOutcome(() => fromGenerateText(usage as TextResult), typed);
          const streaming = {
            response: Promise.resolve({ messages }),
            usage: Promise.resolve(usage),
            finishReason: Promise.resolve(finishReason),
          };
          await expectTypedOutcome(
            () => fromStreamText(streaming as unknown as StreamingTextResult),
            typed,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
