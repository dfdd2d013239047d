import type { ResponseItem } from "@ctx/protocol";
import { createSession, type ModelRequest, type TurnContext } from "@ctx/session";

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

/** The user's text of each of the three turns. */
export const userTurns = ["Say hello.", "List the files.", "Thanks."] as const;

/** The turn context of the first turn: a workspace-write sandbox in /repo. */
export const firstTurnContext: TurnContext = {
  model: "gpt-5",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "Europe/Paris",
  permissions: {
    sandboxMode: "workspace-write",
    writableRoots: ["/repo"],
    approvalPolicy: "never",
  },
};

/** The settings change of the second turn: the sandbox becomes read-only. */
export const changedTurnContext: TurnContext = {
  ...firstTurnContext,
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

/**
 * Drives a three-turn conversation of a real `@ctx/session` through `send` (an adapter and a real
 * client): the first turn sends the full context; the second a settings change (a read-only
 * sandbox) and a prompt the model answers with a `shell` call, whose output goes back in a further
 * request of the same turn (`session.nextRequest()`); the third only the user's message. Each
 * model output and tool output is recorded in the session. Returns the requests, in order.
 */
export async function runConversation(
  send: (request: ModelRequest) => Promise<readonly ResponseItem[]>,
): Promise<ModelRequest[]> {
  const session = createSession({
    sessionId: "session-1",
    baseInstructions: conversationInstructions,
  });
  const requests: ModelRequest[] = [];
  const request = async (next: ModelRequest): Promise<readonly ResponseItem[]> => {
    requests.push(next);
    const output = await send(next);
    await session.record(output);
    return output;
  };
  await request(await session.beginTurn(firstTurnContext, userTurns[0]));
  const second = await session.beginTurn(changedTurnContext, userTurns[1]);
  const output = await request(second);
  const calls = output.filter((item) => item.type === "function_call");
  if (calls.length === 0) throw new Error("the model was expected to call the shell tool");
  await session.record(
    calls.map((call) => ({
      type: "function_call_output",
      call_id: call.call_id,
      output: shellOutput,
    })),
  );
  await request(await session.nextRequest());
  await request(await session.beginTurn(changedTurnContext, userTurns[2]));
  return requests;
}

/**
 * The index of the first list that does not begin with the whole previous list (element for
 * element, compared as JSON) or adds nothing to it; `undefined` when each extends the last.
 */
export function firstPrefixBreak(lists: readonly (readonly unknown[])[]): number | undefined {
  for (let index = 1; index < lists.length; index++) {
    const previous = lists[index - 1] ?? [];
    const current = lists[index] ?? [];
    const kept = JSON.stringify(current.slice(0, previous.length)) === JSON.stringify(previous);
    if (!kept || current.length <= previous.length) return index;
  }
  return undefined;
}
