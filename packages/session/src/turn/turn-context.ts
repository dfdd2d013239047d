import type { AgentsMdSharedOptions, LoadedAgentsMd } from "@ctx/agents-md";
import { permissionsPolicySchema, personalitySchema } from "@ctx/prompts";
import { describeSchemaIssues, lazySchema, toSchemaIssues } from "@ctx/protocol/internal";
import {
  collaborationModeSection,
  environmentContextSchema,
  multiAgentModeSection,
  skillsInstructionsSchema,
} from "@ctx/registry";
import { describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import { SessionError } from "../session-error.js";
import { requestSettingsSchema } from "./request-settings.js";

const environmentSchema = lazySchema(() =>
  z.strictObject({
    /** A stable id such as `local`. */
    id: z.string().min(1),
    /** The working directory, in the environment's own path convention. */
    cwd: z.string().min(1),
    /** The shell's name (`bash`, `zsh`, `powershell`, …), when known. */
    shell: z.string().min(1).exactOptional(),
    /** `starting` while the environment boots; `available` when omitted. */
    status: z.enum(["available", "starting"]).exactOptional(),
  }),
);

const isLoadedAgentsMd = (value: unknown): value is LoadedAgentsMd =>
  typeof value === "object" &&
  value !== null &&
  "text" in value &&
  typeof value.text === "function" &&
  "isEmpty" in value &&
  typeof value.isEmpty === "function" &&
  "directory" in value &&
  "warnings" in value &&
  Array.isArray(value.warnings);

const agentsMdSchema = lazySchema(() =>
  z.union([
    z.custom<LoadedAgentsMd>(isLoadedAgentsMd, "expected a LoadedAgentsMd from @ctx/agents-md"),
    z.strictObject({
      /** Discover the files of every environment, with these options (home, budgets, …). */
      discover: z.custom<AgentsMdSharedOptions>(
        (value) => typeof value === "object" && value !== null,
        "expected discovery options",
      ),
    }),
  ]),
);

/**
 * The schema of a {@link TurnContext}. Unknown fields are rejected, so a misspelt setting is
 * found at `beginTurn` rather than silently ignored.
 */
export const turnContextSchema = lazySchema(() =>
  z.strictObject({
    /** Where commands run; rendered sorted by id. */
    environments: z.array(environmentSchema),
    /** Today's date as the model should see it (`2026-02-26`). */
    date: z.string().min(1).exactOptional(),
    /** An IANA time zone (`Europe/Paris`). */
    timezone: z.string().min(1).exactOptional(),
    /** The domains managed network rules allow and deny. */
    network: z
      .strictObject({ allowedDomains: z.array(z.string()), deniedDomains: z.array(z.string()) })
      .exactOptional(),
    /** The workspace roots and permission profile, as the environment context shows them. */
    filesystem: environmentContextSchema.shape.filesystem,
    /** The subagent roster, one line per agent. */
    subagents: z.string().exactOptional(),
    /** Whether to send the environment context at all; `true` when omitted. */
    environmentContext: z.boolean().exactOptional(),
    /** Whether to send guidance on several environments; on when more than one is listed. */
    environmentsInstructions: z.boolean().exactOptional(),
    /** The model slug, looked up in the session's catalog (unknown slugs fall back). */
    model: z.string().min(1),
    /** Whether the model reads images; `true` when omitted. Without, images become a short note. */
    imageInput: z.boolean().exactOptional(),
    personality: personalitySchema.exactOptional(),
    /** The sandbox and approval policy; no permissions text is sent when omitted. */
    permissions: permissionsPolicySchema.exactOptional(),
    collaborationMode: collaborationModeSection.state.optional(),
    multiAgentMode: multiAgentModeSection.state.optional(),
    /** A realtime voice conversation: on or off, or on with configured start text. */
    realtime: z
      .union([
        z.boolean(),
        z.strictObject({ active: z.boolean(), instructions: z.string().min(1).exactOptional() }),
      ])
      .exactOptional(),
    /** Raw developer instructions, sent verbatim with the full context. */
    developerInstructions: z.string().exactOptional(),
    skills: skillsInstructionsSchema.exactOptional(),
    /** Whether connected apps are available (their guidance is sent once). */
    apps: z.boolean().exactOptional(),
    /** Whether plugins are available (their guidance is sent once). */
    plugins: z.boolean().exactOptional(),
    /** The AGENTS.md instructions: loaded already, or discovered by the session for every environment. */
    agentsMd: agentsMdSchema.exactOptional(),
    /**
     * What the provider's request sends beside the instructions and input (tools, cache key,
     * reasoning, service tier, cache lifetime), for the cache prediction; see `RequestSettings`.
     */
    request: requestSettingsSchema.exactOptional(),
    /** The slots extension kinds read, one per extension section id. */
    extensions: z.record(z.string(), z.unknown()).exactOptional(),
  }),
);

/** Everything one turn shows the model about its situation; validated at `beginTurn`. */
export type TurnContext = z.input<typeof turnContextSchema>;
/** A {@link TurnContext} once validated. */
export type ParsedTurnContext = z.output<typeof turnContextSchema>;

/**
 * Validates a turn context.
 * @throws {SessionError} naming every path that does not fit.
 */
export function parseTurnContext(value: unknown): ParsedTurnContext {
  const result = turnContextSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = toSchemaIssues(result.error);
  throw new SessionError(
    "invalid-argument",
    describeWrongArgument("turn context", describeSchemaIssues(issues)),
    {
      issues,
    },
  );
}
