import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  anthropicMessageEvents,
  openAIResponseEvents,
  userTurns,
  withLocalServer,
} from "@ctx/adapter-testing";
import { discoverAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createSession, type TurnOutcome } from "@ctx/session";
import type { AgentSetup } from "./agent-setup.js";
import { runAiSdkAgent } from "./ai-sdk-agent.js";
import { runAnthropicAgent } from "./anthropic-agent.js";
import { runOpenAIAgent } from "./openai-agent.js";
import { createReadOnlyShell } from "./read-only-shell.js";

type Agent = (
  baseURL: string,
  prompts: readonly string[],
  runShell: (command: readonly string[]) => Promise<string>,
  setup: AgentSetup,
) => Promise<TurnOutcome[]>;

const providers: Record<
  string,
  { run: Agent; key: string; api: string; wire: "openai" | "anthropic"; localPath: string }
> = {
  openai: {
    run: runOpenAIAgent,
    key: "OPENAI_API_KEY",
    api: "https://api.openai.com/v1",
    wire: "openai",
    localPath: "/v1",
  },
  anthropic: {
    run: runAnthropicAgent,
    key: "ANTHROPIC_API_KEY",
    api: "https://api.anthropic.com",
    wire: "anthropic",
    localPath: "",
  },
  "ai-sdk": {
    run: runAiSdkAgent,
    key: "OPENAI_API_KEY",
    api: "https://api.openai.com/v1",
    wire: "openai",
    localPath: "/v1",
  },
};

const usage =
  "usage: pnpm --filter examples start -- --provider openai|anthropic|ai-sdk [--cwd DIR] [--sessions DIR] [PROMPT…]\n";

/**
 * Runs one example agent as `pnpm --filter examples start` does: the AGENTS.md of the working
 * folder discovered, a session kept in a JSONL store, each prompt one turn whose answer is
 * written as it streams in. With the provider's key in `environment`, against its API; without
 * one, against a local server that answers as the tests' scripted model does. Returns the exit
 * code (2 for wrong arguments).
 */
export async function runExample(
  argv: readonly string[],
  environment: Readonly<Record<string, string | undefined>>,
  write: (text: string) => void,
): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    write(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const provider = providers[values.provider ?? ""];
  if (provider === undefined) {
    write(usage);
    return 2;
  }
  const cwd = values.cwd ?? environment.INIT_CWD ?? process.cwd();
  const agentsMd = await discoverAgentsMd({
    cwd,
    home: environment.CODEX_HOME ?? join(homedir(), ".codex"),
    fs: createNodeFileSystem(),
  });
  write(`AGENTS.md: ${agentsMd.sources().join(", ") || "none found"} (from ${cwd})\n`);
  const folder = values.sessions ?? join(tmpdir(), "ctx-examples-sessions");
  const store = createJsonlRolloutStore(folder);
  const session = createSession({ store });
  const apiKey = environment[provider.key] ?? "";
  const runShell = createReadOnlyShell(cwd, (command) => write(`\n[shell] ${command.join(" ")}\n`));
  const converse = async (baseURL: string, prompts: readonly string[]) => {
    for (const prompt of prompts) {
      write(`\nyou: ${prompt}\nagent: `);
      const [outcome] = await provider.run(baseURL, [prompt], runShell, {
        session,
        cwd,
        agentsMd,
        onText: write,
        apiKey: apiKey || "sk-local",
      });
      write(`\n(${outcome?.status ?? "no turn"}, ${outcome?.steps ?? 0} model calls)\n`);
    }
  };
  try {
    if (apiKey !== "") {
      await converse(provider.api, positionals.length > 0 ? positionals : [realPrompt]);
    } else {
      await withLocalServer(
        (_request, index) =>
          provider.wire === "openai" ? openAIResponseEvents(index) : anthropicMessageEvents(index),
        (server) => {
          write(
            `no ${provider.key}: a local mock server answers, as in the tests (${server.url})\n`,
          );
          return converse(
            `${server.url}${provider.localPath}`,
            positionals.length > 0 ? positionals : userTurns,
          );
        },
      );
    }
    const { records } = await store.read(session.id);
    write(
      `\nsession ${session.id}: ${records.length} records in ${join(folder, `${session.id}.jsonl`)}\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

const realPrompt = "What does this repository hold? Look at its files before you answer, briefly.";

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: argv.filter((argument) => argument !== "--"),
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      cwd: { type: "string" },
      sessions: { type: "string" },
    },
  });
}
