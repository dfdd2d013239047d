// An agent on the AI SDK (here its OpenAI provider): each user turn runs to its end through
// runTurn, streamText's steps mapped back by @ctx/ai-sdk, the shell tool run here.
import { createOpenAI } from "@ai-sdk/openai";
import { fromStreamText, toPrompt } from "@ctx/ai-sdk";
import { runTurn, type TurnContext, type TurnOutcome } from "@ctx/session";
import { jsonSchema, streamText, tool } from "ai";
import { type AgentSetup, applySetup } from "./agent-setup.js";

const turnContext: TurnContext = {
  model: "gpt-5-codex",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
};

// No `execute`: runTurn runs the tool and records its output in the session.
const tools = {
  shell: tool({
    description: "Runs a command in the repository and returns what it printed.",
    inputSchema: jsonSchema<{ command: string[] }>({
      type: "object",
      properties: { command: { type: "array", items: { type: "string" } } },
      required: ["command"],
    }),
    outputSchema: jsonSchema<string>({ type: "string" }),
  }),
};

/** Runs each of `prompts` as one user turn against the API at `baseURL`; returns each outcome. */
export async function runAiSdkAgent(
  baseURL: string,
  prompts: readonly string[],
  runShell: (command: readonly string[]) => Promise<string>,
  setup: AgentSetup = {},
): Promise<TurnOutcome[]> {
  const apiKey = setup.apiKey ?? process.env.OPENAI_API_KEY ?? "sk-local";
  const provider = createOpenAI({ apiKey, baseURL });
  const { session, turnContext: context } = applySetup(turnContext, setup);
  const outcomes: TurnOutcome[] = [];
  for (const userInput of prompts) {
    const outcome = await runTurn({
      session,
      turnContext: context,
      userInput,
      callModel: (request, { signal }) =>
        fromStreamText(
          streamText({
            model: provider.responses(context.model),
            tools,
            abortSignal: signal,
            onChunk: ({ chunk }) => {
              if (chunk.type === "text-delta") setup.onText?.(chunk.text);
            },
            ...toPrompt(request),
          }),
        ),
      runTool: async (call) => {
        const input: unknown = call.type === "function_call" ? JSON.parse(call.arguments) : {};
        return runShell((input as { command?: string[] }).command ?? []);
      },
    });
    outcomes.push(outcome);
  }
  return outcomes;
}
