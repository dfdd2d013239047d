import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { itemPieces, type PieceContext } from "./item-pieces.js";

const context: PieceContext = {
  registry: createStandardRegistry(),
  agentPath: undefined,
  knows: () => true,
};

describe("itemPieces", () => {
  it("classifies a message's texts by the origin recorded, else by their markers", () => {
    const environment = "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>";
    const message = {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: environment }],
    };
    expect(itemPieces(message, { source: "user" }, context)).toEqual([
      { category: "user", kind: "user_intent", text: environment },
    ]);
    expect(itemPieces(message, undefined, context)).toEqual([
      { category: "injected", kind: "environment_context", text: environment },
    ]);
  });

  it("keeps another item as its JSON, with the words the model reads and its encrypted content apart", () => {
    const call = {
      type: "function_call",
      call_id: "call_9",
      name: "shell",
      arguments: '{"cmd":"ls"}',
    };
    expect(itemPieces(call, undefined, context)).toEqual([
      {
        category: "model",
        kind: "function_call",
        kept: {
          bytes: JSON.stringify(call).length,
          words: ["shell", '{"cmd":"ls"}'],
          wordBytes: 17,
        },
      },
    ]);
    const reasoning = {
      type: "reasoning",
      summary: [{ type: "summary_text", text: "Look first." }],
      encrypted_content: "c2VjcmV0",
    };
    expect(itemPieces(reasoning, undefined, context)).toEqual([
      {
        category: "model",
        kind: "reasoning",
        kept: {
          bytes: JSON.stringify({ ...reasoning, encrypted_content: "" }).length,
          words: ["Look first."],
          wordBytes: 11,
        },
      },
      { category: "model", kind: "encrypted_reasoning", text: "c2VjcmV0", opaque: true },
    ]);
  });
});
