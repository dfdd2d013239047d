// Runs the three example agents of `examples/src` in the project `pnpm consumer-check` installs:
// the packed @ctx packages beside the newest `openai`, `@anthropic-ai/sdk` and `ai` of the
// registry, each agent passing its own SDK client, against the scripted local server of
// `tooling/adapter-testing`. consumer-check copies those files beside this one.
import { strict as assert } from "node:assert";
import { runAiSdkAgent } from "./ai-sdk-agent.js";
import { runAnthropicAgent } from "./anthropic-agent.js";
import { type Answer, startLocalServer } from "./local-server.js";
import { runOpenAIAgent } from "./openai-agent.js";
import { anthropicMessageEvents, openAIResponseEvents } from "./scripted-answers.js";

const agents = [
  { name: "openai", run: runOpenAIAgent, answer: openAIResponseEvents, base: "/v1" },
  { name: "@anthropic-ai/sdk", run: runAnthropicAgent, answer: anthropicMessageEvents, base: "" },
  { name: "ai", run: runAiSdkAgent, answer: openAIResponseEvents, base: "/v1" },
] satisfies {
  name: string;
  run: typeof runOpenAIAgent;
  answer: (index: number) => Answer;
  base: string;
}[];

for (const agent of agents) {
  const server = await startLocalServer((_request, index) => agent.answer(index));
  try {
    const commands: string[][] = [];
    const outcomes = await agent.run(
      `${server.url}${agent.base}`,
      ["Say hello.", "List the files.", "Thanks."],
      async (command) => {
        commands.push([...command]);
        return "README.md\nsrc";
      },
    );
    assert.deepEqual(
      outcomes.map((outcome) => [outcome.status, outcome.steps]),
      [
        ["completed", 1],
        ["completed", 2],
        ["completed", 1],
      ],
      `the ${agent.name} agent's turns`,
    );
    assert.deepEqual(commands, [["ls"]], `the ${agent.name} agent's tool calls`);
    assert.equal(server.requests.length, 4, `the ${agent.name} agent's requests`);
  } finally {
    await server.close();
  }
}
console.log(
  `consumer agents: ${agents.map((agent) => agent.name).join(", ")} each ran three turns and a tool call through their own client`,
);
