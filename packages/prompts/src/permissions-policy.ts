import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkPolicy } from "./check-argument.js";

/** How far the filesystem sandbox lets shell commands reach. */
export type SandboxMode = "read-only" | "workspace-write" | "danger-full-access";

/**
 * When the user is asked before a command runs. `on-failure` is an older name of `on-request`
 * and renders the same text; `granular` decides per category of request.
 */
export type ApprovalPolicy = "untrusted" | "on-request" | "on-failure" | "never" | "granular";

/** Who reviews escalation requests: the user, or an automatic reviewer. */
export type ApprovalsReviewer = "user" | "auto_review";

/**
 * Under the `granular` policy, which categories of approval request may still ask the user
 * (`true`) and which are refused without asking (`false`, the default for each).
 */
export interface GranularApprovals {
  /** Running a command outside the sandbox. */
  readonly sandboxApproval?: boolean;
  /** Commands that an exec-policy rule sends to the user. */
  readonly rules?: boolean;
  /** Approvals that skills ask for. */
  readonly skillApproval?: boolean;
  /** Calls of the `request_permissions` tool; listed only when the tool is enabled. */
  readonly requestPermissions?: boolean;
  /** Questions that MCP servers put to the user. */
  readonly mcpElicitations?: boolean;
}

/** Reads the permission profile forbids, whatever the sandbox would allow. */
export interface DeniedReads {
  /** Absolute paths of files or directories. */
  readonly paths?: readonly string[];
  /** Glob patterns, such as `*.pem` or `/home/me/.aws/**`. */
  readonly globs?: readonly string[];
}

/**
 * What the permissions text describes. Every field is optional: the sandbox mode is given, or
 * derived from `fullDiskWriteAccess` and `writableRoots`; the approval policy defaults to
 * `on-request`; network access defaults to enabled only for `danger-full-access`.
 */
export interface PermissionsPolicy {
  /** The sandbox mode; derived from the next two fields when absent. */
  readonly sandboxMode?: SandboxMode;
  /** Commands may write anywhere: derives `danger-full-access`. */
  readonly fullDiskWriteAccess?: boolean;
  /**
   * The directories commands may write to, usually including the working directory: listed,
   * sorted, under `workspace-write`, and deriving that mode when non-empty. Not listed under
   * `danger-full-access`; contradicts an explicit `read-only`.
   */
  readonly writableRoots?: readonly string[];
  /** Whether commands may reach the network. */
  readonly networkAccess?: boolean;
  /** When the user is asked; `on-request` when absent. */
  readonly approvalPolicy?: ApprovalPolicy;
  /** The categories of the `granular` policy; read only under that policy. */
  readonly granularApprovals?: GranularApprovals;
  /** The session offers the `request_permissions` tool. */
  readonly requestPermissionsTool?: boolean;
  /**
   * Commands may ask for specific additional permissions (network, paths to read or write)
   * instead of running wholly outside the sandbox.
   */
  readonly execPermissionApprovals?: boolean;
  /** Command prefixes the exec policy already allows, such as `["git", "status"]`. */
  readonly approvedCommandPrefixes?: readonly (readonly string[])[];
  /** Who reviews escalation requests; `user` when absent. */
  readonly approvalsReviewer?: ApprovalsReviewer;
  /** Reads the permission profile forbids. */
  readonly deniedReads?: DeniedReads;
}

// Every character Unicode counts as a line break (UAX #14: BK, CR, LF, NL): a reader, or a
// model, may start a new line at any of them, and the permissions text puts each of these
// strings inside one line.
const lineBreak = /[\n\v\f\r\u0085\u2028\u2029]/;

const oneLine = lazySchema(() =>
  z
    .string()
    .min(1, "must not be empty")
    .refine((value) => !lineBreak.test(value), "must not contain a line break"),
);

/** The schema of a {@link PermissionsPolicy}; unknown fields are rejected. */
export const permissionsPolicySchema = lazySchema(() =>
  z
    .strictObject({
      sandboxMode: z.enum(["read-only", "workspace-write", "danger-full-access"]).exactOptional(),
      fullDiskWriteAccess: z.boolean().exactOptional(),
      writableRoots: z.array(oneLine).readonly().exactOptional(),
      networkAccess: z.boolean().exactOptional(),
      approvalPolicy: z
        .enum(["untrusted", "on-request", "on-failure", "never", "granular"])
        .exactOptional(),
      granularApprovals: z
        .strictObject({
          sandboxApproval: z.boolean().exactOptional(),
          rules: z.boolean().exactOptional(),
          skillApproval: z.boolean().exactOptional(),
          requestPermissions: z.boolean().exactOptional(),
          mcpElicitations: z.boolean().exactOptional(),
        })
        .exactOptional(),
      requestPermissionsTool: z.boolean().exactOptional(),
      execPermissionApprovals: z.boolean().exactOptional(),
      approvedCommandPrefixes: z
        .array(
          z.array(z.string().min(1, "must not be empty")).min(1, "must not be empty").readonly(),
        )
        .readonly()
        .exactOptional(),
      approvalsReviewer: z.enum(["user", "auto_review"]).exactOptional(),
      deniedReads: z
        .strictObject({
          paths: z.array(oneLine).readonly().exactOptional(),
          globs: z.array(oneLine).readonly().exactOptional(),
        })
        .exactOptional(),
    })
    .refine(
      (policy) => policy.sandboxMode !== "read-only" || (policy.writableRoots ?? []).length === 0,
      { message: "writable roots contradict sandbox mode read-only", path: ["writableRoots"] },
    )
    .refine((policy) => policy.sandboxMode !== "read-only" || policy.fullDiskWriteAccess !== true, {
      message: "full disk write access contradicts sandbox mode read-only",
      path: ["fullDiskWriteAccess"],
    }),
) satisfies z.ZodType<PermissionsPolicy>;

/**
 * `policy` checked with {@link permissionsPolicySchema}.
 *
 * @throws {PermissionsPolicyError} naming each field at fault when it does not fit.
 */
export function parsePermissionsPolicy(policy: unknown): PermissionsPolicy {
  return checkPolicy("policy", policy, permissionsPolicySchema);
}

/**
 * The sandbox mode of `policy`: `sandboxMode` when given; otherwise `danger-full-access` with
 * full disk write access, `workspace-write` with at least one writable root, and `read-only`
 * without either.
 *
 * @throws {PermissionsPolicyError} when `policy` is not a valid {@link PermissionsPolicy}.
 * @example
 * ```ts
 * resolveSandboxMode({ writableRoots: ["/repo"] }); // => "workspace-write"
 * resolveSandboxMode({}); // => "read-only"
 * ```
 */
export function resolveSandboxMode(policy: PermissionsPolicy): SandboxMode {
  return sandboxModeOf(parsePermissionsPolicy(policy));
}

/** {@link resolveSandboxMode} for a policy already checked. */
export function sandboxModeOf(policy: PermissionsPolicy): SandboxMode {
  if (policy.sandboxMode !== undefined) return policy.sandboxMode;
  if (policy.fullDiskWriteAccess === true) return "danger-full-access";
  return (policy.writableRoots ?? []).length > 0 ? "workspace-write" : "read-only";
}
