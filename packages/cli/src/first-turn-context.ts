import { AgentsMdError, discoverAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import {
  type ApprovalPolicy,
  defaultModelCatalog,
  type Personality,
  type SandboxMode,
} from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { buildEnvironmentProfile, createSession, type TurnContext } from "@ctx/session";
import type { CtxWarning } from "@ctx/text";
import { CliError } from "./cli-error.js";
import { type ContextBlock, contextBlocks } from "./context-blocks.js";

/** The settings of a first turn; every one the user leaves out is an embedded default. */
export interface FirstTurnSettings {
  /** The working directory, absolute. */
  readonly cwd: string;
  /** The folder holding the global AGENTS.md, absolute; none when omitted. */
  readonly home?: string;
  readonly model: string;
  readonly personality: Personality;
  readonly sandbox: SandboxMode;
  readonly approval: ApprovalPolicy;
  readonly shell: string;
  readonly now: Date;
  /** An IANA time zone; the system's when omitted (`Etc/UTC` where the system says `UTC`). */
  readonly timeZone?: string;
}

/** What the model would be sent on its first turn before the user's message. */
export interface FirstTurnContext {
  /** Exactly what would be sent: the instructions and the input items. */
  readonly request: { readonly instructions: string; readonly input: readonly ResponseItem[] };
  /** The same texts, one block each, in the order they are sent. */
  readonly blocks: readonly ContextBlock[];
  readonly warnings: readonly CtxWarning[];
}

/**
 * The first request of a session in `settings.cwd`, built by `@ctx/session` as a real agent
 * would, without the user's message: the model's base instructions with the personality, the
 * permissions, the AGENTS.md files from the project root down, and the environment.
 *
 * @throws {CliError} `failure` when the folder cannot be used as a working directory.
 */
export async function buildFirstTurnContext(
  settings: FirstTurnSettings,
): Promise<FirstTurnContext> {
  const registry = createStandardRegistry();
  const agentsMd = await discoverAgentsMd({
    cwd: settings.cwd,
    fs: createNodeFileSystem(),
    ...(settings.home === undefined ? {} : { home: settings.home }),
  }).catch((error: unknown) => {
    if (AgentsMdError.isInstance(error)) {
      throw new CliError("failure", error.message, { cause: error });
    }
    throw error;
  });
  const cwd = agentsMd.environments[0]?.cwd ?? settings.cwd;
  const turn: TurnContext = {
    model: settings.model,
    personality: settings.personality,
    ...buildEnvironmentProfile({
      cwd,
      shell: settings.shell,
      sandboxMode: settings.sandbox,
      approvalPolicy: settings.approval,
      now: settings.now,
      ...(settings.timeZone === undefined ? {} : { timeZone: settings.timeZone }),
    }),
    agentsMd,
  };
  const request = await createSession({ registry }).beginTurn(turn, "(the user's first message)");
  const input = request.input.slice(0, -1);
  const instructions = request.instructions;
  const known = defaultModelCatalog.models.some((model) => model.slug === settings.model);
  return {
    request: { instructions, input },
    blocks: [
      { role: "system", kind: "base_instructions", sources: [], text: instructions },
      ...contextBlocks(registry, input, (kind) =>
        kind === agentsMdInstructions.type ? agentsMd.sources() : [],
      ),
    ],
    warnings: [
      ...(known
        ? []
        : [
            {
              code: "unknown-model",
              message: `the model ${JSON.stringify(settings.model)} is not in the default catalog, so its fallback instructions are shown`,
            },
          ]),
      ...request.warnings,
    ],
  };
}
