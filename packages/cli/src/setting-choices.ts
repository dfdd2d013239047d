import type { ApprovalPolicy, Personality, SandboxMode } from "@ctx/prompts";

/** The personalities a command line may choose. */
export const personalities: readonly Personality[] = ["friendly", "pragmatic", "none"];

/** The sandbox modes a command line may choose. */
export const sandboxModes: readonly SandboxMode[] = [
  "read-only",
  "workspace-write",
  "danger-full-access",
];

/** The approval policies a command line may choose (`granular` needs a settings file). */
export const approvalPolicies: readonly ApprovalPolicy[] = [
  "untrusted",
  "on-request",
  "on-failure",
  "never",
];
