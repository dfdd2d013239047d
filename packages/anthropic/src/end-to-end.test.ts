import { Anthropic } from "@anthropic-ai/sdk";
import {
  anthropicMessageEvents,
  assistantMessage,
  functionCall,
  type LocalServer,
  runConversation,
  shellOutput,
  shellTool,
  startLocalServer,
  userTurns,
} from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { toMessagesParams } from "./to-messages-params.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The value with every `cache_control` key removed: breakpoints move, the content does not. */
function withoutBreakpoints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBreakpoints);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "cache_control")
      .map(([key, entry]) => [key, withoutBreakpoints(entry)]),
  );
}

function countBreakpoints(body: Record<string, unknown>): number {
  return JSON.stringify(body).split('"cache_control"').length - 1;
}

describe("toMessagesParams through the Anthropic client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    server = await startLocalServer((_request, index) => anthropicMessageEvents(index));
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });

    await runConversation(async (request) => {
      const stream = client.messages.stream({
        model: "claude-test",
        max_tokens: 1024,
        tools: [
          {
            name: shellTool.name,
            description: shellTool.description,
            input_schema: shellTool.parameters,
          },
        ],
        ...toMessagesParams(request),
      });
      const message = await stream.finalMessage();
      return message.content.flatMap((block): ResponseItem[] => {
        if (block.type === "text") return [assistantMessage(block.text)];
        if (block.type === "tool_use") return [functionCall(block.id, block.name, block.input)];
        return [];
      });
    });

    const bodies = server.requests.map((request) => request.body);
    expect(server.requests.every((request) => request.path === "/v1/messages")).toBe(true);
    expect(bodies.every((body) => body.stream === true)).toBe(true);
    for (const [index, body] of bodies.entries()) {
      // The system, the last message and (once there is one) the message before it.
      expect(countBreakpoints(body)).toBe(index === 0 ? 2 : 3);
      expect(body.system).toEqual([
        { type: "text", text: "You are a careful coding agent working in /repo." },
        {
          type: "text",
          text: "<permissions instructions>\nThe sandbox is workspace-write.\n</permissions instructions>",
          cache_control: { type: "ephemeral" },
        },
      ]);
    }
    const messages = bodies.map((body) => withoutBreakpoints(body.messages) as unknown[]);
    for (let index = 1; index < messages.length; index++) {
      const previous = messages[index - 1] ?? [];
      expect(messages[index]?.slice(0, previous.length)).toEqual(previous);
    }
    expect(bodies[3]?.messages).toEqual([
      {
        role: "user",
        content: [
          {
            type: "text",
            text: "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n</environment_context>",
          },
          { type: "text", text: userTurns[0] },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "Hello." }] },
      {
        role: "user",
        content: [
          {
            type: "text",
            text: "<developer_context>\n<permissions instructions>\nThe sandbox is read-only.\n</permissions instructions>\n</developer_context>",
          },
          { type: "text", text: userTurns[1] },
        ],
      },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "shell", input: { command: ["ls"] } }],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: shellOutput }],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "There are two entries.", cache_control: { type: "ephemeral" } },
        ],
      },
      {
        role: "user",
        content: [{ type: "text", text: userTurns[2], cache_control: { type: "ephemeral" } }],
      },
    ]);
  });
});
