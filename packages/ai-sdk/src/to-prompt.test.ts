import { developerMessage, sampleItems, userMessage } from "@ctx/adapter-testing";
import { AdapterError, type ResponseItem } from "@ctx/protocol";
import type { ModelMessage, Prompt, SystemModelMessage } from "ai";
import { describe, expect, expectTypeOf, it } from "vitest";
import { moreItems } from "./__fixtures__/more-items.js";
import { type AiSdkPrompt, toPrompt } from "./to-prompt.js";

describe("toPrompt", () => {
  it("puts the opening context in instructions and keeps every later item in place", () => {
    expect(toPrompt({ instructions: "Be brief.", input: [...sampleItems, ...moreItems] })).toEqual({
      instructions: [
        { role: "system", content: "Be brief." },
        { role: "system", content: "<permissions instructions>\nA\n</permissions instructions>" },
      ],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            {
              type: "image",
              image: "AAAA",
              mediaType: "image/png",
              providerOptions: { openai: { imageDetail: "low" } },
            },
            { type: "image", image: new URL("https://example.com/a.jpg") },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Looking." },
            { type: "tool-call", toolCallId: "c1", toolName: "shell", input: { command: ["ls"] } },
            {
              type: "tool-call",
              toolCallId: "c2",
              toolName: "apply_patch",
              input: "*** Begin Patch",
            },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c1",
              toolName: "shell",
              output: { type: "text", value: "a\nb" },
            },
            {
              type: "tool-result",
              toolCallId: "c2",
              toolName: "apply_patch",
              output: {
                type: "content",
                value: [
                  { type: "text", text: "Done" },
                  { type: "image-data", data: "BBBB", mediaType: "image/webp" },
                ],
              },
            },
          ],
        },
        { role: "system", content: "<permissions instructions>\nB\n</permissions instructions>" },
        { role: "user", content: [{ type: "text", text: "Go on." }] },
        { role: "user", content: [{ type: "image", image: { openai: "file_1" } }] },
        {
          role: "assistant",
          content: [{ type: "tool-call", toolCallId: "c3", toolName: "shell", input: {} }],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c3",
              toolName: "shell",
              output: {
                type: "content",
                value: [
                  { type: "image-url", url: "https://example.com/b.png" },
                  { type: "image-file-id", fileId: "file_2" },
                ],
              },
            },
          ],
        },
      ],
      allowSystemInMessages: true,
    });
  });

  it("allows system messages only when a later developer message needs one", () => {
    const prompt = toPrompt({
      instructions: "",
      input: [developerMessage("A"), userMessage("Hi.")],
    });
    expect(prompt.allowSystemInMessages).toBe(false);
    expect(prompt.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi." }] }]);
  });

  it("joins the text parts of a developer message into one system message", () => {
    const item: ResponseItem = {
      type: "message",
      role: "developer",
      content: [
        { type: "input_text", text: "<a>x</a>\n\n" },
        { type: "input_text", text: "<b>y</b>" },
      ],
    };
    expect(
      toPrompt({ instructions: "", input: [item, userMessage("Hi.")] }).instructions[1],
    ).toEqual({
      role: "system",
      content: "<a>x</a>\n\n<b>y</b>",
    });
  });

  it.each<[string, ResponseItem[], RegExp]>([
    ["a compaction item", [{ type: "compaction", encrypted_content: "x" }], /compaction item/],
    [
      "an output with no call before it",
      [{ type: "function_call_output", call_id: "c9", output: "x" }],
      /output of call c9/,
    ],
    [
      "arguments that are not JSON",
      [{ type: "function_call", call_id: "c", name: "shell", arguments: "{" }],
      /arguments are not JSON/,
    ],
    [
      "an image in an assistant message",
      [{ type: "message", role: "assistant", content: [{ type: "input_image", file_id: "f" }] }],
      /assistant message with an image/,
    ],
    [
      "an image URL that cannot be parsed",
      [{ type: "message", role: "user", content: [{ type: "input_image", image_url: "a b" }] }],
      /URL cannot be parsed/,
    ],
    [
      "output_text in a user message",
      [{ type: "message", role: "user", content: [{ type: "output_text", text: "x" }] }],
      /user message with output_text/,
    ],
  ])("refuses %s, naming the item", (_name, items, message) => {
    const run = () => toPrompt({ instructions: "", input: [userMessage("Hi."), ...items] });
    expect(run).toThrowError(message);
    expect(run).toThrowError(/^input\[1\]/);
    expect(run).toThrowError(AdapterError);
  });

  it("refuses a request with nothing after its opening developer messages", () => {
    expect(() => toPrompt({ instructions: "", input: [developerMessage("A")] })).toThrowError(
      /at least one message/,
    );
    // @ts-expect-error: a request needs instructions.
    expect(() => toPrompt({ input: [] })).toThrowError(AdapterError);
  });

  it("fits the SDK's own types", () => {
    expectTypeOf<AiSdkPrompt["messages"]>().toEqualTypeOf<ModelMessage[]>();
    expectTypeOf<AiSdkPrompt["instructions"]>().toEqualTypeOf<SystemModelMessage[]>();
    const prompt = toPrompt({ instructions: "", input: [...sampleItems, ...moreItems] });
    const fields: Prompt = prompt;
    expect(fields.messages).toBe(prompt.messages);
  });
});
