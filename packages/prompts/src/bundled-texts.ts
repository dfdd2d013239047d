import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol";
import { CtxError } from "@ctx/text";
import { z } from "zod";
import { bundledFiles } from "./data/bundled-files.js";

// Each text loses its trailing white space (the files end with a newline; the texts do not)
// and must keep the placeholders the code fills in.
const text = z
  .string()
  .transform((value) => value.trimEnd())
  .pipe(z.string().min(1, "is empty"));

const textWith = (...placeholders: string[]) =>
  text.refine((value) => placeholders.every((name) => value.includes(`{{ ${name} }}`)), {
    message: `must contain ${placeholders.map((name) => `{{ ${name} }}`).join(" and ")}`,
  });

const bundledTextsSchema = z
  .looseObject({
    "instructions/coding-agent.md": textWith("personality"),
    "instructions/compact-coding-agent.md": text,
    "personalities/default.md": text,
    "personalities/friendly.md": text,
    "personalities/pragmatic.md": text,
    "compaction/prompt.md": text,
    "compaction/summary-prefix.md": text,
    "compaction/empty-summary.md": text,
    "permissions/sandbox/read-only.md": textWith("network_access"),
    "permissions/sandbox/workspace-write.md": textWith("network_access"),
    "permissions/sandbox/danger-full-access.md": textWith("network_access"),
    "permissions/approval/never.md": text,
    "permissions/approval/untrusted.md": text,
    "permissions/approval/escalation-requests.md": text.refine(
      (value) => value.startsWith("# Escalation Requests\n"),
      "must start with the `# Escalation Requests` heading",
    ),
    "permissions/approval/permission-requests.md": text.refine(
      (value) => value.startsWith("# Permission Requests\n"),
      "must start with the `# Permission Requests` heading",
    ),
    "permissions/approval/request-permissions-tool.md": text.refine(
      (value) => value.startsWith("# request_permissions Tool\n\n"),
      "must start with the `# request_permissions Tool` heading and a blank line",
    ),
    "permissions/approval/granular.md": text.refine(
      (value) => value.startsWith("# Approval Requests\n\n"),
      "must start with the `# Approval Requests` heading and a blank line",
    ),
    "permissions/approval/granular-allowed.md": text,
    "permissions/approval/granular-refused.md": text,
    "permissions/approval/auto-review.md": text,
    "permissions/approval/approved-prefixes.md": text,
    "permissions/writable-roots-one.md": textWith("roots"),
    "permissions/writable-roots-several.md": textWith("roots"),
    "permissions/denied-reads.md": text,
  })
  .transform((files) => ({
    codingAgentTemplate: files["instructions/coding-agent.md"],
    compactCodingAgent: files["instructions/compact-coding-agent.md"],
    personalityDefault: files["personalities/default.md"],
    personalityFriendly: files["personalities/friendly.md"],
    personalityPragmatic: files["personalities/pragmatic.md"],
    compactionPrompt: files["compaction/prompt.md"],
    summaryPrefix: files["compaction/summary-prefix.md"],
    emptySummary: files["compaction/empty-summary.md"],
    sandbox: {
      "read-only": files["permissions/sandbox/read-only.md"],
      "workspace-write": files["permissions/sandbox/workspace-write.md"],
      "danger-full-access": files["permissions/sandbox/danger-full-access.md"],
    },
    never: files["permissions/approval/never.md"],
    untrusted: files["permissions/approval/untrusted.md"],
    escalationRequests: files["permissions/approval/escalation-requests.md"],
    permissionRequests: files["permissions/approval/permission-requests.md"],
    requestPermissionsTool: files["permissions/approval/request-permissions-tool.md"],
    granular: files["permissions/approval/granular.md"],
    granularAllowed: files["permissions/approval/granular-allowed.md"],
    granularRefused: files["permissions/approval/granular-refused.md"],
    autoReview: files["permissions/approval/auto-review.md"],
    approvedPrefixes: files["permissions/approval/approved-prefixes.md"],
    writableRootsOne: files["permissions/writable-roots-one.md"],
    writableRootsSeveral: files["permissions/writable-roots-several.md"],
    deniedReads: files["permissions/denied-reads.md"],
  }));

/** The library's own texts, read from the package's data files and checked when loaded. */
export type BundledTexts = z.output<typeof bundledTextsSchema>;

/**
 * Checks `files` (data file path → contents) and returns the texts the library renders.
 *
 * @throws {CtxError} when a file is missing, empty, or lacks a placeholder or heading the code
 * relies on: a defect of the package, found by its tests before release.
 */
export function loadBundledTexts(files: Readonly<Record<string, string>>): BundledTexts {
  const result = bundledTextsSchema.safeParse(files);
  if (result.success) return result.data;
  throw new CtxError(
    `@ctx/prompts data files: ${describeSchemaIssues(toSchemaIssues(result.error))}`,
  );
}

/** The texts of this package. */
export const bundledTexts: BundledTexts = loadBundledTexts(bundledFiles);
