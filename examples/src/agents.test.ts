import {
  anthropicMessageEvents,
  openAIResponseEvents,
  shellOutput,
  userTurns,
  withLocalServer,
} from "@ctx/adapter-testing";
import type { TurnOutcome } from "@ctx/session";
import { describe, expect, it } from "vitest";
import { runAiSdkAgent } from "./ai-sdk-agent.js";
import { runAnthropicAgent } from "./anthropic-agent.js";
import { runOpenAIAgent } from "./openai-agent.js";

type Agent = (
  baseURL: string,
  prompts: readonly string[],
  runShell: (command: readonly string[]) => Promise<string>,
) => Promise<TurnOutcome[]>;

/** The text of each assistant message a turn added. */
function replies(outcome: TurnOutcome | undefined): string[] {
  return (outcome?.items ?? []).flatMap((item) =>
    item.type === "message" ? item.content.map((part) => ("text" in part ? part.text : "")) : [],
  );
}

const agents: readonly { name: string; run: Agent; wire: "openai" | "anthropic"; base: string }[] =
  [
    { name: "the OpenAI agent", run: runOpenAIAgent, wire: "openai", base: "/v1" },
    { name: "the Anthropic agent", run: runAnthropicAgent, wire: "anthropic", base: "" },
    { name: "the AI SDK agent", run: runAiSdkAgent, wire: "openai", base: "/v1" },
  ];

describe.each(agents)("$name", ({ run, wire, base }) => {
  it("runs three turns with the real SDK, its tool call answered and sent back", async () => {
    const commands: (readonly string[])[] = [];
    await withLocalServer(
      (_request, index) =>
        wire === "openai" ? openAIResponseEvents(index) : anthropicMessageEvents(index),
      async (server) => {
        const outcomes = await run(`${server.url}${base}`, userTurns, async (command) => {
          commands.push(command);
          return shellOutput;
        });
        expect(outcomes.map((outcome) => [outcome.status, outcome.steps])).toEqual([
          ["completed", 1],
          ["completed", 2],
          ["completed", 1],
        ]);
        expect(outcomes.map(replies)).toEqual([
          ["Hello."],
          ["There are two entries."],
          ["You are welcome."],
        ]);
        expect(commands).toEqual([["ls"]]);
        // Each agent's model is in the catalog, so no turn warns of an assumed window.
        expect(outcomes.flatMap((outcome) => outcome.warnings)).toEqual([]);
        // Four requests; the third carries the tool's output, and every later one keeps it.
        expect(server.requests).toHaveLength(4);
        const bodies = server.requests.map(({ body }) => JSON.stringify(body));
        expect(bodies.map((body) => body.includes(JSON.stringify(shellOutput)))).toEqual([
          false,
          false,
          true,
          true,
        ]);
      },
    );
  });
});
