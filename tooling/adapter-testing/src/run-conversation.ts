import type { ReportedUsage, ResponseItem } from "@ctx/protocol";
import { createSession, type ModelRequest, type TokenUsage, type TurnContext } from "@ctx/session";

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

/** What the client under test made of one response: its output items and its reported usage. */
export interface SentRequest {
  /** The response's output, as items to record. */
  readonly output: readonly ResponseItem[];
  /** The provider's usage of the response, as the adapter read it; `undefined` when none. */
  readonly usage: ReportedUsage | undefined;
}

/** One request of the conversation and the session's token usage once its response was in. */
export interface ConversationRequest {
  /** The model request the session made. */
  readonly request: ModelRequest;
  /** `session.tokenUsage()` right after the response's output and usage were recorded. */
  readonly tokenUsage: TokenUsage;
}

/**
 * Drives a three-turn conversation of a real `@ctx/session` through `send` (an adapter and a real
 * client): the first turn sends the full context; the second a settings change (a read-only
 * sandbox) and a prompt the model answers with a `shell` call, whose output goes back in a further
 * request of the same turn (`session.nextRequest()`); the third only the user's message. Each
 * model output and tool output is recorded in the session, and each response's usage is given to
 * `session.reportUsage`. Returns the requests, in order, each with the session's token usage
 * right after its response.
 *
 * @throws {Error} when a response carries no usage.
 */
export async function runConversation(
  send: (request: ModelRequest) => Promise<SentRequest>,
): Promise<ConversationRequest[]> {
  const session = createSession({
    sessionId: "session-1",
    baseInstructions: conversationInstructions,
  });
  const requests: ConversationRequest[] = [];
  const request = async (next: ModelRequest): Promise<readonly ResponseItem[]> => {
    const { output, usage } = await send(next);
    if (usage === undefined) throw new Error("the response was expected to carry its usage");
    await session.record(output);
    await session.reportUsage(usage);
    requests.push({ request: next, tokenUsage: session.tokenUsage() });
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
