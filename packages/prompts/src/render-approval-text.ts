import { compareCodePoints } from "@ctx/text";
import { bundledTexts } from "./data/bundled-texts.js";
import { fillPlaceholder } from "./fill-placeholder.js";
import type { PermissionsTextOverrides } from "./model-info.js";
import type { GranularApprovals, PermissionsPolicy } from "./permissions-policy.js";

const texts = bundledTexts.permissions.approval;

/**
 * The approval part of the permissions text for `policy`, or `""` when it has none.
 * `network` fills `{{ network_access }}` in a model's override.
 */
export function renderApprovalText(
  policy: PermissionsPolicy,
  network: string,
  overrides: PermissionsTextOverrides | undefined,
): string {
  const autoReview = policy.approvalsReviewer === "auto_review";
  const tool = policy.requestPermissionsTool === true;
  switch (policy.approvalPolicy ?? "on-request") {
    case "never":
      return texts.never;
    case "untrusted":
      return ` ${joinSections([
        texts.untrusted,
        tool ? texts.requestPermissionsTool : "",
        autoReview ? texts.autoReview : "",
      ])}`;
    case "on-request":
    case "on-failure": {
      const override = autoReview
        ? overrides?.approval?.onRequestAutoReview
        : overrides?.approval?.onRequest;
      if (override !== undefined) return fillPlaceholder(override, "network_access", network);
      if (autoReview) return texts.autoReview;
      return joinSections([
        policy.execPermissionApprovals === true
          ? texts.permissionRequests
          : texts.escalationRequests,
        tool ? texts.requestPermissionsTool : "",
        renderApprovedPrefixes(policy.approvedCommandPrefixes ?? []),
      ]);
    }
    case "granular":
      return renderGranular(policy, policy.granularApprovals ?? {});
  }
}

function renderGranular(policy: PermissionsPolicy, approvals: GranularApprovals): string {
  const tool = policy.requestPermissionsTool === true;
  // The reference order; request_permissions is a category only when the tool exists.
  const categories: [name: string, allowed: boolean][] = [
    ["sandbox_approval", approvals.sandboxApproval === true],
    ["rules", approvals.rules === true],
    ["skill_approval", approvals.skillApproval === true],
  ];
  if (tool) categories.push(["request_permissions", approvals.requestPermissions === true]);
  categories.push(["mcp_elicitations", approvals.mcpElicitations === true]);
  const list = (lead: string, allowed: boolean) => {
    const names = categories.filter((category) => category[1] === allowed);
    return names.length === 0 ? "" : [lead, ...names.map(([name]) => `- \`${name}\``)].join("\n");
  };
  return joinSections([
    texts.granular,
    list(texts.granularAllowed, true),
    list(texts.granularRefused, false),
    policy.execPermissionApprovals === true && approvals.sandboxApproval === true
      ? texts.permissionRequests
      : "",
    tool && approvals.requestPermissions === true ? texts.requestPermissionsTool : "",
    renderApprovedPrefixes(policy.approvedCommandPrefixes ?? []),
    policy.approvalsReviewer === "auto_review" ? texts.autoReview : "",
  ]);
}

// `## Approved command prefixes`, a lead-in, then one prefix a line in the shape of a
// `prefix_rule` argument (`["git", "status"]`), without repeats, in code point order.
function renderApprovedPrefixes(prefixes: readonly (readonly string[])[]): string {
  if (prefixes.length === 0) return "";
  const rendered = [
    ...new Set(prefixes.map((tokens) => `[${tokens.map(quoteToken).join(", ")}]`)),
  ].sort(compareCodePoints);
  return [
    "## Approved command prefixes",
    texts.approvedPrefixes,
    ...rendered.map((prefix) => `- ${prefix}`),
  ].join("\n");
}

// A token as a JSON string that stays on one line: JSON.stringify escapes every line break but
// U+0085, U+2028 and U+2029, which are escaped here the same way.
function quoteToken(token: string): string {
  return JSON.stringify(token).replace(
    /[\u0085\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function joinSections(sections: readonly string[]): string {
  return sections.filter((section) => section !== "").join("\n\n");
}
