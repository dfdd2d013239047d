// An agent on the OpenAI Responses API: each user turn runs to its end through runTurn, the
// answer streamed and mapped back by @ctx/openai, the shell tool run here.
import { fromResponseStream, toResponsesParams } from "@ctx/openai";
import { runTurn, type TurnContext, type TurnOutcome } from "@ctx/session";
import { OpenAI } from "openai";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { type AgentSetup, applySetup } from "./agent-setup.js";

const turnContext: TurnContext = {
  model: "gpt-5-codex",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

const shell = {
  type: "function" as const,
  name: "shell",
  description: "Runs a command in the repository and returns what it printed.",
  strict: true,
  parameters: {
    type: "object",
    properties: { command: { type: "array", items: { type: "string" } } },
    required: ["command"],
    additionalProperties: false,
  },
};

/** The stream's events, each text delta also given to `onText` as it arrives. */
async function* tapText(
  stream: AsyncIterable<ResponseStreamEvent>,
  onText: (text: string) => void,
): AsyncIterable<ResponseStreamEvent> {
  for await (const event of stream) {
    if (event.type === "response.output_text.delta") onText(event.delta);
    yield event;
  }
}

/** Runs each of `prompts` as one user turn against the API at `baseURL`; returns each outcome. */
export async function runOpenAIAgent(
  baseURL: string,
  prompts: readonly string[],
  runShell: (command: readonly string[]) => Promise<string>,
  setup: AgentSetup = {},
): Promise<TurnOutcome[]> {
  const apiKey = setup.apiKey ?? process.env.OPENAI_API_KEY ?? "sk-local";
  const client = new OpenAI({ apiKey, baseURL });
  const { session, turnContext: context } = applySetup(turnContext, setup);
  const outcomes: TurnOutcome[] = [];
  for (const userInput of prompts) {
    const outcome = await runTurn({
      session,
      turnContext: context,
      userInput,
      callModel: async (request, { signal }) => {
        const params = toResponsesParams(request, { promptCacheKey: session.id });
        const stream = await client.responses.create(
          { model: context.model, stream: true, store: false, tools: [shell], ...params },
          { signal },
        );
        return fromResponseStream(tapText(stream, setup.onText ?? (() => {})));
      },
      runTool: async (call) => {
        const input: unknown = call.type === "function_call" ? JSON.parse(call.arguments) : {};
        const command = (input as { command?: string[] }).command ?? [];
        return runShell(command);
      },
    });
    outcomes.push(outcome);
  }
  return outcomes;
}
