import type { ResponseItem } from "@ctx/protocol";
import { developerMessage, userMessage } from "./items.js";

/** A request as a session hands it to an adapter. */
export interface ConversationRequest {
  readonly instructions: string;
  readonly input: readonly ResponseItem[];
  readonly warnings: readonly never[];
}

/** The base instructions of every request of the conversation. */
export const conversationInstructions = "You are a careful coding agent working in /repo.";

/** The one tool the conversation offers: `shell`, taking `{ "command": string[] }`. */
export const shellTool: {
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    type: "object";
    properties: Record<string, object>;
    required: string[];
    additionalProperties: false;
  };
} = {
  name: "shell",
  description: "Runs a command in the repository and returns what it printed.",
  parameters: {
    type: "object",
    properties: { command: { type: "array", items: { type: "string" } } },
    required: ["command"],
    additionalProperties: false,
  },
};

/** What the `shell` tool prints, whatever it is asked. */
export const shellOutput = "README.md\nsrc";

const permissions = (sandbox: string) =>
  `<permissions instructions>\nThe sandbox is ${sandbox}.\n</permissions instructions>`;

/** The user's text of each of the three turns. */
export const userTurns = ["Say hello.", "List the files.", "Thanks."] as const;

/**
 * Drives a three-turn conversation through `send` (an adapter and a real client), built the
 * way a session builds requests: the first turn sends the full context, the second a changed
 * permissions section (the settings change) and a prompt the model answers with a `shell` call,
 * whose output goes back in a further request; the third only the user's message. Each
 * request's input begins with the previous one's. Returns the requests, in order.
 */
export async function runConversation(
  send: (request: ConversationRequest) => Promise<readonly ResponseItem[]>,
): Promise<ConversationRequest[]> {
  const requests: ConversationRequest[] = [];
  let history: ResponseItem[] = [];
  const request = async (items: readonly ResponseItem[]): Promise<readonly ResponseItem[]> => {
    history = [...history, ...items];
    const sent = { instructions: conversationInstructions, input: history, warnings: [] };
    requests.push(sent);
    const output = await send(sent);
    history = [...history, ...output];
    return output;
  };
  await request([
    developerMessage(permissions("workspace-write")),
    userMessage(
      "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n</environment_context>",
    ),
    userMessage(userTurns[0]),
  ]);
  const output = await request([
    developerMessage(permissions("read-only")),
    userMessage(userTurns[1]),
  ]);
  const calls = output.filter((item) => item.type === "function_call");
  if (calls.length === 0) throw new Error("the model was expected to call the shell tool");
  await request(
    calls.map((call) => ({
      type: "function_call_output",
      call_id: call.call_id,
      output: shellOutput,
    })),
  );
  await request([userMessage(userTurns[2])]);
  return requests;
}
