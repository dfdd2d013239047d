import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allFlags,
  describeFlags,
  mixedCategories,
  modes,
  policies,
  policyFields,
  sandboxFor,
} from "./__fixtures__/permissions-policies.js";
import { bundledTexts } from "./data/bundled-texts.js";
import type { GranularApprovals, PermissionsPolicy } from "./permissions-policy.js";
import { renderPermissionsInstructions as render } from "./render-permissions-instructions.js";

// The two long approval sections appear in many combinations. In the matrices below each is
// replaced, by exact match, with a one-line reference, and each is snapshotted in full once:
// a section that was cut or changed in assembly would not match and would show in full.
const longSections = [
  [
    bundledTexts.permissions.approval.escalationRequests,
    "[section: permissions/approval/escalation-requests.md]",
  ],
  [
    bundledTexts.permissions.approval.permissionRequests,
    "[section: permissions/approval/permission-requests.md]",
  ],
] as const;

const sandboxTexts = {
  "read-only": bundledTexts.permissions.sandbox.readOnly,
  "workspace-write": bundledTexts.permissions.sandbox.workspaceWrite,
  "danger-full-access": bundledTexts.permissions.sandbox.dangerFullAccess,
} as const;

// Where only the approval text varies, the sandbox sentence is shortened the same way; the
// first matrix shows every sandbox sentence in full.
const sandboxSentences = modes.flatMap((mode) =>
  ["enabled", "restricted"].map(
    (network) =>
      [
        sandboxTexts[mode].replace("{{ network_access }}", network),
        `[sandbox: ${mode}, network ${network}]`,
      ] as const,
  ),
);

function abbreviated(body: string, options: { sandbox: boolean } = { sandbox: true }): string {
  let text = body;
  const replacements = options.sandbox ? [...longSections, ...sandboxSentences] : longSections;
  for (const [section, reference] of replacements) text = text.split(section).join(reference);
  return text;
}

describe("renderPermissionsInstructions", () => {
  it("renders the escalation and permission request sections in full", () => {
    const escalation = render({ sandboxMode: "read-only" });
    const permission = render({ sandboxMode: "read-only", execPermissionApprovals: true });
    expect(escalation).toContain(bundledTexts.permissions.approval.escalationRequests);
    expect(permission).toContain(bundledTexts.permissions.approval.permissionRequests);
    expect(escalation).toMatchSnapshot();
    expect(permission).toMatchSnapshot();
  });

  it("renders every sandbox mode with every approval policy, network restricted and enabled", () => {
    for (const mode of modes) {
      for (const approvalPolicy of policies) {
        for (const networkAccess of [false, true]) {
          const body = render({
            ...sandboxFor(mode),
            networkAccess,
            approvalPolicy,
            granularApprovals: mixedCategories,
          });
          expect(abbreviated(body, { sandbox: false })).toMatchSnapshot(
            `${mode} / ${approvalPolicy} / network ${networkAccess ? "enabled" : "restricted"}`,
          );
        }
      }
    }
  });

  it("renders every approval policy with every combination of flags", () => {
    for (const approvalPolicy of policies) {
      for (const flags of allFlags()) {
        const body = render({
          ...sandboxFor("workspace-write"),
          approvalPolicy,
          granularApprovals: mixedCategories,
          ...policyFields(flags),
        });
        expect(abbreviated(body)).toMatchSnapshot(`${approvalPolicy} / ${describeFlags(flags)}`);
      }
    }
  });

  it("renders every combination of granular categories, with and without the tool", () => {
    const names = [
      "sandboxApproval",
      "rules",
      "skillApproval",
      "requestPermissions",
      "mcpElicitations",
    ] as const;
    for (const requestPermissionsTool of [true, false]) {
      for (let bits = 0; bits < 2 ** names.length; bits += 1) {
        // Without the tool its category is not listed, so half the combinations would repeat.
        if (!requestPermissionsTool && (bits & (1 << names.indexOf("requestPermissions"))) !== 0)
          continue;
        const granularApprovals: GranularApprovals = Object.fromEntries(
          names.map((name, index) => [name, (bits & (1 << index)) !== 0]),
        );
        const allowed = names.filter((name) => granularApprovals[name] === true);
        const body = render({
          sandboxMode: "read-only",
          approvalPolicy: "granular",
          requestPermissionsTool,
          granularApprovals,
        });
        expect(abbreviated(body)).toMatchSnapshot(
          `tool ${requestPermissionsTool ? "on" : "off"} / allowed: ${allowed.join(", ") || "none"}`,
        );
      }
    }
  });

  it("renders writable roots and denied reads for every sandbox mode", () => {
    const rootSets = [[], ["/repo"], ["/tmp", "/repo", "/home/me/.cache"]];
    const denials = [{}, { paths: ["/etc/shadow"], globs: ["**/*.pem"] }];
    for (const mode of modes) {
      for (const writableRoots of mode === "read-only" ? [[]] : rootSets) {
        for (const deniedReads of denials) {
          const body = render({
            sandboxMode: mode,
            writableRoots,
            deniedReads,
            approvalPolicy: "never",
          });
          expect(abbreviated(body)).toMatchSnapshot(
            `${mode} / ${writableRoots.length} roots / ${Object.keys(deniedReads).length === 0 ? "no denied reads" : "denied reads"}`,
          );
        }
      }
    }
  });
});

// Arbitrary policies, valid by construction.
const policy: fc.Arbitrary<PermissionsPolicy> = fc
  .record(
    {
      sandboxMode: fc.constantFrom(...modes),
      writableRoots: fc.array(fc.constantFrom("/repo", "/tmp", "/b", "/a"), { maxLength: 4 }),
      networkAccess: fc.boolean(),
      approvalPolicy: fc.constantFrom(...policies),
      granularApprovals: fc.record(
        {
          sandboxApproval: fc.boolean(),
          rules: fc.boolean(),
          skillApproval: fc.boolean(),
          requestPermissions: fc.boolean(),
          mcpElicitations: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      requestPermissionsTool: fc.boolean(),
      execPermissionApprovals: fc.boolean(),
      approvedCommandPrefixes: fc.array(
        fc.array(fc.constantFrom("git", "npm", "test", "-v"), { minLength: 1, maxLength: 3 }),
        {
          maxLength: 3,
        },
      ),
      approvalsReviewer: fc.constantFrom("user" as const, "auto_review" as const),
      deniedReads: fc.record(
        {
          paths: fc.array(fc.constantFrom("/s", "/t"), { maxLength: 2 }),
          globs: fc.array(fc.constantFrom("*.pem"), { maxLength: 1 }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ["sandboxMode"] },
  )
  .map((value) => (value.sandboxMode === "read-only" ? { ...value, writableRoots: [] } : value));

// The body split into its four parts: the sandbox line, the approval text, the roots line
// and the denied-reads section.
function parts(body: string) {
  const text = body.slice(1, -1);
  const [sandbox = "", ...rest] = text.split("\n");
  let remainder = rest.join("\n");
  const deniedAt = remainder.indexOf("## Denied filesystem reads");
  const denied = deniedAt === -1 ? "" : remainder.slice(deniedAt);
  remainder = deniedAt === -1 ? remainder : remainder.slice(0, deniedAt).replace(/\n$/, "");
  const rootsAt = remainder.lastIndexOf("\n `writable_roots` holds");
  const roots = rootsAt === -1 ? "" : remainder.slice(rootsAt + 1);
  const approval = rootsAt === -1 ? remainder : remainder.slice(0, rootsAt);
  return { sandbox, approval, roots, denied };
}

describe("renderPermissionsInstructions, for any policy", () => {
  it("starts and ends with a newline and never leaves a blank line between sections", () => {
    fc.assert(
      fc.property(policy, (value) => {
        const body = render(value);
        expect(body.startsWith("\n")).toBe(true);
        expect(body.endsWith("\n")).toBe(true);
        expect(body.startsWith("\n\n")).toBe(false);
        expect(body).not.toContain("\n\n\n");
      }),
    );
  });

  it("is made of independent parts: each depends only on its own fields", () => {
    // This is why the matrices above cover every combination: changing the sandbox never
    // changes the approval text, and so on.
    fc.assert(
      fc.property(policy, policy, (first, second) => {
        const { networkAccess: _network, ...rest } = first;
        const mixed: PermissionsPolicy = {
          ...rest,
          ...(second.sandboxMode === undefined ? {} : { sandboxMode: second.sandboxMode }),
          ...(second.networkAccess === undefined ? {} : { networkAccess: second.networkAccess }),
          writableRoots: second.writableRoots ?? [],
          deniedReads: second.deniedReads ?? {},
        };
        const a = parts(render(first));
        const b = parts(render(second));
        const m = parts(render(mixed));
        expect(m.approval).toBe(a.approval);
        expect(m.denied).toBe(b.denied);
        expect(m.roots).toBe(b.roots);
        expect(m.sandbox).toBe(b.sandbox);
      }),
    );
  });

  it("lists the writable roots sorted, each once, under workspace-write", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1 }).filter((root) => !/[\n\r]/.test(root)),
          { minLength: 1, maxLength: 5 },
        ),
        (roots) => {
          const { roots: line } = parts(
            render({
              sandboxMode: "workspace-write",
              writableRoots: roots,
              approvalPolicy: "never",
            }),
          );
          const expected = [...new Set(roots)].sort((left, right) =>
            Buffer.compare(Buffer.from(left), Buffer.from(right)),
          );
          const template =
            expected.length === 1
              ? bundledTexts.permissions.writableRootsOne
              : bundledTexts.permissions.writableRootsSeveral;
          expect(line).toBe(
            ` ${template.replace("{{ roots }}", () => expected.map((root) => `\`${root}\``).join(", "))}`,
          );
        },
      ),
    );
  });
});
