import type { ApprovalPolicy, PermissionsPolicy, SandboxMode } from "../permissions-policy.js";

export const modes: readonly SandboxMode[] = ["read-only", "workspace-write", "danger-full-access"];

export const policies: readonly ApprovalPolicy[] = [
  "never",
  "untrusted",
  "on-request",
  "on-failure",
  "granular",
];

/** Granular categories with some allowed and some refused, so both lists show. */
export const mixedCategories = { sandboxApproval: true, rules: false, skillApproval: true } as const;

/** The sandbox fields that make `mode`, with two writable roots where the mode lists them. */
export function sandboxFor(mode: SandboxMode): PermissionsPolicy {
  return mode === "workspace-write"
    ? { sandboxMode: mode, writableRoots: ["/tmp", "/repo"] }
    : { sandboxMode: mode };
}

/** The flags that change the approval text, named for snapshot keys. */
export interface Flags {
  readonly requestPermissionsTool: boolean;
  readonly execPermissionApprovals: boolean;
  readonly autoReview: boolean;
  readonly approvedPrefixes: boolean;
}

/** Every combination of {@link Flags}, sixteen in all. */
export function allFlags(): Flags[] {
  const all: Flags[] = [];
  for (const requestPermissionsTool of [false, true]) {
    for (const execPermissionApprovals of [false, true]) {
      for (const autoReview of [false, true]) {
        for (const approvedPrefixes of [false, true]) {
          all.push({ requestPermissionsTool, execPermissionApprovals, autoReview, approvedPrefixes });
        }
      }
    }
  }
  return all;
}

/** The policy fields for `flags`. */
export function policyFields(flags: Flags): PermissionsPolicy {
  return {
    requestPermissionsTool: flags.requestPermissionsTool,
    execPermissionApprovals: flags.execPermissionApprovals,
    approvalsReviewer: flags.autoReview ? "auto_review" : "user",
    approvedCommandPrefixes: flags.approvedPrefixes
      ? [["git", "status"], ["cargo", "test"]]
      : [],
  };
}

/** A snapshot key naming the flags that are on, or `no flags`. */
export function describeFlags(flags: Flags): string {
  const on = Object.entries(flags)
    .filter(([, value]) => value)
    .map(([name]) => name);
  return on.length === 0 ? "no flags" : on.join(" + ");
}

/** Every combination of the flags over a workspace-write sandbox with mixed granular categories. */
export function flagCombinations(): PermissionsPolicy[] {
  return allFlags().map((flags) => ({
    ...sandboxFor("workspace-write"),
    ...policyFields(flags),
    granularApprovals: mixedCategories,
  }));
}
