import { AgentsMdError, discoverAgentsMd } from "@ctx/agents-md";
import type { Fragment } from "@ctx/fragments";
import {
  type ApprovalPolicy,
  defaultModelCatalog,
  type PermissionsPolicy,
  type Personality,
  renderPermissionsInstructions,
  resolveBaseInstructions,
  type SandboxMode,
} from "@ctx/prompts";
import type { MessageItem } from "@ctx/protocol";
import {
  agentsMdInstructions,
  createStandardRegistry,
  type EnvironmentContextData,
  environmentContext,
  permissionsInstructions,
} from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { CliError } from "./cli-error.js";

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
  /** An IANA time zone. */
  readonly timeZone: string;
}

/** One text the model is shown, with where it came from. */
export interface ContextBlock {
  /** `system` for the base instructions, else the role of the message holding the text. */
  readonly role: "system" | "developer" | "user";
  /** The fragment kind the registry recognises the text as; `base_instructions` for the instructions. */
  readonly kind: string;
  /** The files the text was read from (AGENTS.md); empty for generated texts. */
  readonly sources: readonly string[];
  readonly text: string;
}

/** What the model would be sent on its first turn before the user's message. */
export interface FirstTurnContext {
  /** Exactly what would be sent: the instructions and the input items. */
  readonly request: { readonly instructions: string; readonly input: readonly MessageItem[] };
  /** The same texts, one block each, in the order they are sent. */
  readonly blocks: readonly ContextBlock[];
  readonly warnings: readonly CtxWarning[];
}

/**
 * Builds the first turn's context in `settings.cwd`: the model's base instructions with the
 * personality, one developer message with the permissions, and one contextual user message with
 * the AGENTS.md files from the project root down and the environment.
 *
 * @throws {CliError} `failure` when the folder cannot be used as a working directory.
 */
export async function buildFirstTurnContext(
  settings: FirstTurnSettings,
): Promise<FirstTurnContext> {
  const registry = createStandardRegistry();
  const agentsMd = await discoverAgentsMd({
    cwd: settings.cwd,
    ...(settings.home === undefined ? {} : { home: settings.home }),
  }).catch((error: unknown) => {
    if (AgentsMdError.isInstance(error)) {
      throw new CliError("failure", error.message, {
        cause: error,
      });
    }
    throw error;
  });
  const cwd = agentsMd.environments[0]?.cwd ?? settings.cwd;
  const policy: PermissionsPolicy = {
    sandboxMode: settings.sandbox,
    ...(settings.sandbox === "workspace-write" ? { writableRoots: [cwd] } : {}),
    networkAccess: false,
    approvalPolicy: settings.approval,
  };
  const developer: Fragment[] = [
    permissionsInstructions.create({ text: renderPermissionsInstructions(policy) }),
  ];
  const user: Fragment[] = [
    ...(agentsMd.isEmpty()
      ? []
      : [
          agentsMdInstructions.create({
            ...(agentsMd.directory === null ? {} : { directory: agentsMd.directory }),
            text: agentsMd.text(),
          }),
        ]),
    environmentContext.create(environmentOf(cwd, settings)),
  ];
  const input = [message("developer", developer), message("user", user)];
  const instructions = resolveBaseInstructions({
    model: defaultModelCatalog.get(settings.model),
    personality: settings.personality,
  });
  const blocks: ContextBlock[] = [
    { role: "system", kind: "base_instructions", sources: [], text: instructions },
    ...input.flatMap((item) =>
      item.content.map((part): ContextBlock => {
        const text = "text" in part && typeof part.text === "string" ? part.text : "";
        const kind = registry.classify(item.role === "user" ? "user" : "developer", text)?.type;
        return {
          role: item.role === "user" ? "user" : "developer",
          kind: kind ?? "unknown",
          sources: kind === agentsMdInstructions.type ? agentsMd.sources() : [],
          text,
        };
      }),
    ),
  ];
  const known = defaultModelCatalog.models.some((model) => model.slug === settings.model);
  return {
    request: { instructions, input },
    blocks,
    warnings: [
      ...(known
        ? []
        : [
            {
              code: "unknown-model",
              message: `the model ${JSON.stringify(settings.model)} is not in the default catalog, so its fallback instructions are shown`,
            },
          ]),
      ...agentsMd.warnings,
    ],
  };
}

function message(role: "developer" | "user", fragments: readonly Fragment[]): MessageItem {
  return {
    type: "message",
    role,
    content: fragments.map((fragment) => ({ type: "input_text", text: fragment.render() })),
  };
}

/** The environment with the file-system profile the sandbox mode grants in `cwd`. */
function environmentOf(cwd: string, settings: FirstTurnSettings): EnvironmentContextData {
  return {
    environments: [{ id: "local", cwd, shell: settings.shell }],
    currentDate: new Intl.DateTimeFormat("en-CA", {
      timeZone: settings.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(settings.now),
    timezone: settings.timeZone,
    filesystem: {
      workspaceRoots: [cwd],
      permissionProfile: {
        type: "managed",
        fileSystem:
          settings.sandbox === "danger-full-access"
            ? { type: "unrestricted" }
            : {
                type: "restricted",
                entries: [
                  { access: "read", target: { special: ":root" } },
                  ...(settings.sandbox === "workspace-write"
                    ? [
                        { access: "write" as const, target: { path: cwd } },
                        { access: "write" as const, target: { special: ":slash_tmp" } },
                        { access: "write" as const, target: { special: ":tmpdir" } },
                      ]
                    : []),
                ],
              },
      },
    },
  };
}
