import { createOpenAI } from "@ai-sdk/openai";
import {
  describeAdapterContract,
  hostileJson,
  sampleItems,
  userMessage,
} from "@ctx/adapter-testing";
import fc from "fast-check";
import { expect } from "vitest";
import { moreItems } from "./__fixtures__/more-items.js";
import { createAiSdkSummarizer } from "./create-ai-sdk-summarizer.js";
import { fromGenerateText, type TextResult } from "./from-generate-text.js";
import { fromStreamText, type StreamingTextResult } from "./from-stream-text.js";
import { AiSdkAdapterError } from "./index.js";
import { toPrompt } from "./to-prompt.js";

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

const hostile = hostileJson(templates, keys);

describeAdapterContract({
  provider: "ai-sdk",
  deprecatedError: AiSdkAdapterError,
  requestMappings: [
    {
      name: "toPrompt",
      map: (request) => toPrompt(request),
      growing: {
        items: [...sampleItems, ...moreItems],
        firstLength: 2,
        kept: { from: 0, rebuiltAtEnd: 1 },
        map: (input) => toPrompt({ instructions: "Be brief.", input }),
        frozenAt: 0,
      },
    },
  ],
  summarizer: {
    at: (url) =>
      createAiSdkSummarizer({
        model: createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).responses("gpt-test"),
        maxRetries: 0,
      }),
    input: [userMessage("Summarize the conversation.\n")],
    unmappable: [{ type: "compaction", encrypted_content: "x" }],
    expectAborted: (reason) => expect(reason).toMatchObject({ name: "AbortError" }),
  },
  hostileAnswers: [
    {
      name: "fromGenerateText and fromStreamText",
      values: fc.tuple(fc.array(hostile, { maxLength: 4 }), hostile, hostile),
      calls: ([messages, usage, finishReason]) => {
        const result = { response: { messages }, usage, finishReason };
        const streaming = {
          response: Promise.resolve({ messages }),
          usage: Promise.resolve(usage),
          finishReason: Promise.resolve(finishReason),
        };
        return [
          () => fromGenerateText(result as unknown as TextResult),
          () => fromGenerateText(usage as TextResult),
          () => fromStreamText(streaming as unknown as StreamingTextResult),
        ];
      },
    },
  ],
});
