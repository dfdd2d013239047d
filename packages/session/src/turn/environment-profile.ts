import {
  type ApprovalPolicy,
  type ApprovalsReviewer,
  type GranularApprovals,
  type PermissionsPolicy,
  permissionsPolicySchema,
  type SandboxMode,
} from "@ctx/prompts";
import { lazySchema } from "@ctx/protocol/internal";
import type { EnvironmentContextData, FileSystemEntry } from "@ctx/registry";
import { describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { SessionError } from "../session-error.js";
import { systemTimeZone } from "./system-time-zone.js";
import type { TurnContext } from "./turn-context.js";

/** The settings of {@link buildEnvironmentProfile}: where the agent runs and what it may do. */
export interface EnvironmentProfileOptions {
  /**
   * The working directory, absolute (its physical path, as discovery reports it): the workspace
   * root, and under `workspace-write` the first writable root.
   */
  readonly cwd: string;
  /** The shell's name; `bash` when omitted. */
  readonly shell?: string;
  readonly sandboxMode: SandboxMode;
  /** `on-request` when omitted. */
  readonly approvalPolicy?: ApprovalPolicy;
  /** The categories of the `granular` policy. */
  readonly granularApprovals?: GranularApprovals;
  readonly approvalsReviewer?: ApprovalsReviewer;
  /** More writable roots under `workspace-write`, absolute; ignored by the other modes. */
  readonly writableRoots?: readonly string[];
  /**
   * Whether commands under `workspace-write` reach the network (`false` when omitted); a
   * read-only sandbox never does and `danger-full-access` always does.
   */
  readonly networkAccess?: boolean;
  /** The moment whose date is shown; now when omitted. */
  readonly now?: Date;
  /** An IANA time zone; the system's when omitted (`Etc/UTC` where the system says `UTC`). */
  readonly timeZone?: string;
  /** Whether the date and time zone are shown; `true` when omitted. */
  readonly includeDate?: boolean;
  /**
   * Whether the permissions text is sent (Codex's `include_permissions_instructions`); `true`
   * when omitted. When `false` the profile has no `permissions`.
   */
  readonly includePermissions?: boolean;
  /**
   * Whether the environment context is sent (Codex's `include_environment_context`); `true`
   * when omitted. When `false` the profile says `environmentContext: false`.
   */
  readonly includeEnvironmentContext?: boolean;
}

/** The parts of a {@link TurnContext} that {@link buildEnvironmentProfile} fills in. */
export interface EnvironmentProfile {
  /** One environment, `local`, in the working directory with the shell. */
  readonly environments: NonNullable<TurnContext["environments"]>;
  /** Today's date in the time zone (`2026-02-26`), unless left out. */
  readonly date?: string;
  /** The IANA time zone, unless the date is left out. */
  readonly timezone?: string;
  /** The workspace roots and the file-system profile of the environment context. */
  readonly filesystem: NonNullable<EnvironmentContextData["filesystem"]>;
  /** The sandbox, approval and network policy the permissions text describes. */
  readonly permissions: PermissionsPolicy;
  /** `false` when the environment context is not to be sent (`includeEnvironmentContext`). */
  readonly environmentContext?: false;
}

/** Folders inside each writable root that stay read-only, in the order the reference lists them. */
const protectedFolders = [".git", ".agents", ".codex", ".aws"] as const;

const optionsSchema = lazySchema(() =>
  z.strictObject({
    cwd: z.string().min(1),
    shell: z.string().min(1).optional(),
    sandboxMode: z.enum(["read-only", "workspace-write", "danger-full-access"]),
    approvalPolicy: permissionsPolicySchema.shape.approvalPolicy,
    granularApprovals: permissionsPolicySchema.shape.granularApprovals,
    approvalsReviewer: permissionsPolicySchema.shape.approvalsReviewer,
    writableRoots: z.array(z.string().min(1)).optional(),
    networkAccess: z.boolean().optional(),
    now: z.date().optional(),
    timeZone: z.string().min(1).optional(),
    includeDate: z.boolean().optional(),
    includePermissions: z.boolean().optional(),
    includeEnvironmentContext: z.boolean().optional(),
  }),
);

/**
 * The environment and permissions of a turn as the reference agent describes them for the same
 * sandbox, approval and network settings: one local environment in `cwd`; the workspace root and
 * the file-system profile of the environment context (read access everywhere; under
 * `workspace-write` write access to each root, `/tmp` and the temporary folder, with `.git`,
 * `.agents`, `.codex` and `.aws` inside each root kept read-only; no sandbox under
 * `danger-full-access`); the permissions policy (writable roots with `/tmp`, network enabled
 * under `danger-full-access`); today's date in the time zone. Spread the result into a
 * {@link TurnContext}: with `includePermissions: false` it has no `permissions`, so no
 * permissions text is sent; with `includeEnvironmentContext: false` it says
 * `environmentContext: false`, so no environment context is.
 *
 * @throws {SessionError} naming the option that does not fit, or `options.timeZone` when it is
 * not a time zone the runtime knows.
 * @example
 * ```ts
 * const profile = buildEnvironmentProfile({ cwd: "/repo", sandboxMode: "workspace-write" });
 * await session.beginTurn({ model: "ctx-coder", ...profile }, "Fix the build.");
 * ```
 */
export function buildEnvironmentProfile(
  options: EnvironmentProfileOptions & { readonly includePermissions?: true },
): EnvironmentProfile;
export function buildEnvironmentProfile(
  options: EnvironmentProfileOptions,
): Omit<EnvironmentProfile, "permissions"> & { readonly permissions?: PermissionsPolicy };
export function buildEnvironmentProfile(
  options: EnvironmentProfileOptions,
): Omit<EnvironmentProfile, "permissions"> & { readonly permissions?: PermissionsPolicy } {
  const parsed = checkSchema("options", options, optionsSchema);
  const { cwd, sandboxMode } = parsed;
  const writing = sandboxMode === "workspace-write";
  const roots = writing ? [cwd, ...(parsed.writableRoots ?? [])] : [cwd];
  const timeZone = parsed.timeZone ?? systemTimeZone();
  const date =
    parsed.includeDate === false ? undefined : formatDate(parsed.now ?? new Date(), timeZone);
  const permissions: PermissionsPolicy = {
    sandboxMode,
    approvalPolicy: parsed.approvalPolicy ?? "on-request",
    networkAccess: writing ? (parsed.networkAccess ?? false) : sandboxMode === "danger-full-access",
    ...(writing ? { writableRoots: [...roots, "/tmp"] } : {}),
    ...(parsed.granularApprovals === undefined
      ? {}
      : { granularApprovals: parsed.granularApprovals }),
    ...(parsed.approvalsReviewer === undefined
      ? {}
      : { approvalsReviewer: parsed.approvalsReviewer }),
  };
  return {
    environments: [{ id: "local", cwd, shell: parsed.shell ?? "bash" }],
    ...(date === undefined ? {} : { date, timezone: timeZone }),
    filesystem: {
      workspaceRoots: roots,
      permissionProfile:
        sandboxMode === "danger-full-access"
          ? { type: "disabled" }
          : {
              type: "managed",
              fileSystem: { type: "restricted", entries: entries(roots, writing) },
            },
    },
    ...(parsed.includePermissions === false ? {} : { permissions }),
    ...(parsed.includeEnvironmentContext === false ? { environmentContext: false as const } : {}),
  };
}

/** The file-system entries of a restricted sandbox over `roots`. */
function entries(roots: readonly string[], writing: boolean): FileSystemEntry[] {
  const everywhere: FileSystemEntry = { access: "read", target: { special: ":root" } };
  if (!writing) return [everywhere];
  return [
    everywhere,
    ...roots.map((root): FileSystemEntry => ({ access: "write", target: { path: root } })),
    { access: "write", target: { special: ":slash_tmp" } },
    { access: "write", target: { special: ":tmpdir" } },
    ...protectedFolders.flatMap((folder) =>
      roots.map(
        (root): FileSystemEntry => ({ access: "read", target: { path: `${root}/${folder}` } }),
      ),
    ),
  ];
}

/** `now` as `YYYY-MM-DD` in `timeZone`. */
function formatDate(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  } catch (error) {
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument(
        "options",
        `timeZone: ${JSON.stringify(timeZone)} is not a known time zone`,
      ),
      { cause: error },
    );
  }
}
