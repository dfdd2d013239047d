import { lazySchema } from "@ctx/protocol/internal";
import { sortedUnique } from "@ctx/text";
import { checkPolicy } from "./check-argument.js";
import { bundledTexts } from "./data/bundled-texts.js";
import { fillPlaceholder } from "./fill-placeholder.js";
import { type PermissionsTextOverrides, permissionsTextOverridesSchema } from "./model-info.js";
import {
  type PermissionsPolicy,
  parsePermissionsPolicy,
  type SandboxMode,
  sandboxModeOf,
} from "./permissions-policy.js";
import { renderApprovalText } from "./render-approval-text.js";

const texts = bundledTexts.permissions;
const optionalOverridesSchema = lazySchema(() => permissionsTextOverridesSchema.optional());

// The key of each sandbox mode in the data files and in a model's overrides.
const sandboxKeys = {
  "read-only": "readOnly",
  "workspace-write": "workspaceWrite",
  "danger-full-access": "dangerFullAccess",
} as const satisfies Record<SandboxMode, string>;

/**
 * The body of the permissions fragment: what the sandbox allows, when and how to ask for
 * approval, which directories are writable and which reads are denied. Each part starts on a
 * line of its own, and the body starts and ends with a newline; the fragment kind that carries
 * it adds the `<permissions instructions>` markers.
 *
 * The parts, in order:
 * 1. the sandbox sentence for the mode, with network access `enabled` or `restricted`;
 * 2. the approval text for the policy: one line for `never`; a line with a leading space for
 *    `untrusted`; the `# Escalation Requests` section (or `# Permission Requests`, with exec
 *    permission approvals) for `on-request` and `on-failure`, or the reviewer note alone with
 *    an automatic reviewer; `# Approval Requests` with the categories that may ask and those
 *    refused for `granular`; plus, where the policy allows them, the `# request_permissions Tool`
 *    section, `## Approved command prefixes` and the reviewer note;
 * 3. under `workspace-write`, the writable roots, sorted, on a line with a leading space;
 * 4. `## Denied filesystem reads` with each path, then each glob, sorted.
 *
 * A model's `overrides` replace the sandbox sentence and the `on-request` approval text
 * verbatim, with only `{{ network_access }}` filled in; an empty override removes its part.
 *
 * @throws {PermissionsPolicyError} when the policy or the overrides are invalid: an unknown
 * field, a wrong type, a root, path or glob holding a line break (any of the seven Unicode
 * line breaks), or `read-only` with writable roots.
 * @example
 * ```ts
 * renderPermissionsInstructions({
 *   sandboxMode: "workspace-write",
 *   writableRoots: ["/repo", "/tmp"],
 *   approvalPolicy: "never",
 * });
 * ```
 */
export function renderPermissionsInstructions(
  policy: PermissionsPolicy,
  overrides?: PermissionsTextOverrides,
): string {
  const checked = parsePermissionsPolicy(policy);
  const checkedOverrides = checkPolicy("overrides", overrides, optionalOverridesSchema);
  const mode = sandboxModeOf(checked);
  const network =
    (checked.networkAccess ?? mode === "danger-full-access") ? "enabled" : "restricted";
  const sandboxOverride = checkedOverrides?.sandbox?.[sandboxKeys[mode]];
  const sections = [
    fillPlaceholder(sandboxOverride ?? texts.sandbox[sandboxKeys[mode]], "network_access", network),
    renderApprovalText(checked, network, checkedOverrides),
    mode === "workspace-write" ? renderWritableRoots(checked.writableRoots ?? []) : "",
    renderDeniedReads(checked.deniedReads?.paths ?? [], checked.deniedReads?.globs ?? []),
  ];
  let body = "";
  for (const section of sections) {
    if (section === "") continue;
    if (!body.endsWith("\n")) body += "\n";
    body += section;
  }
  return body.endsWith("\n") ? body : `${body}\n`;
}

function renderWritableRoots(roots: readonly string[]): string {
  const sorted = sortedUnique(roots);
  if (sorted.length === 0) return "";
  const template = sorted.length === 1 ? texts.writableRootsOne : texts.writableRootsSeveral;
  return ` ${fillPlaceholder(template, "roots", sorted.map((root) => `\`${root}\``).join(", "))}`;
}

function renderDeniedReads(paths: readonly string[], globs: readonly string[]): string {
  const entries = [
    ...sortedUnique(paths).map((path) => `- path \`${path}\``),
    ...sortedUnique(globs).map((glob) => `- glob \`${glob}\``),
  ];
  if (entries.length === 0) return "";
  return ["## Denied filesystem reads", texts.deniedReads, ...entries].join("\n");
}
