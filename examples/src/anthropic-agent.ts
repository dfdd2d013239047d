// An agent on the Anthropic Messages API: each user turn runs to its end through runTurn, the
// answer streamed and mapped back by @ctx/anthropic, the shell tool run here.
import { Anthropic } from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { fromMessageStream, toMessagesParams } from "@ctx/anthropic";
import { runTurn, type TurnContext, type TurnOutcome } from "@ctx/session";
import { type AgentSetup, applySetup } from "./agent-setup.js";

const turnContext: TurnContext = {
  model: "claude-sonnet-4-5",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

const shell = {
  name: "shell",
  description: "Runs a command in the repository and returns what it printed.",
  input_schema: {
    type: "object" as const,
    properties: { command: { type: "array", items: { type: "string" } } },
    required: ["command"],
  },
};

/** The stream's events, each text delta also given to `onText` as it arrives. */
async function* tapText(
  stream: AsyncIterable<RawMessageStreamEvent>,
  onText: (text: string) => void,
): AsyncIterable<RawMessageStreamEvent> {
  for await (const event of stream) {
    if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
      onText(event.delta.text);
    }
    yield event;
  }
}

/** Runs each of `prompts` as one user turn against the API at `baseURL`; returns each outcome. */
export async function runAnthropicAgent(
  baseURL: string,
  prompts: readonly string[],
  runShell: (command: readonly string[]) => Promise<string>,
  setup: AgentSetup = {},
): Promise<TurnOutcome[]> {
  const apiKey = setup.apiKey ?? process.env.ANTHROPIC_API_KEY ?? "sk-local";
  const client = new Anthropic({ apiKey, baseURL });
  const { session, turnContext: context } = applySetup(turnContext, setup);
  const outcomes: TurnOutcome[] = [];
  for (const userInput of prompts) {
    const outcome = await runTurn({
      session,
      turnContext: context,
      userInput,
      callModel: async (request, { signal }) => {
        const stream = await client.messages.create(
          {
            model: context.model,
            max_tokens: 4096,
            stream: true,
            tools: [shell],
            ...toMessagesParams(request),
          },
          { signal },
        );
        return fromMessageStream(tapText(stream, setup.onText ?? (() => {})));
      },
      runTool: async (call) => {
        const input: unknown = call.type === "function_call" ? JSON.parse(call.arguments) : {};
        return runShell((input as { command?: string[] }).command ?? []);
      },
    });
    outcomes.push(outcome);
  }
  return outcomes;
}
