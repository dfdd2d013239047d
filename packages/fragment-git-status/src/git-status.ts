import { defineFragment, defineSection } from "@ctx/fragments";
import { z } from "zod";

const gitStatusSchema = z.object({
  /** The checked-out branch; `null` when the head is detached. */
  branch: z.string().min(1).nullable(),
  /** Commits the branch has that its upstream lacks; `null` without an upstream. */
  ahead: z.number().int().nonnegative().nullable(),
  /** Commits the upstream has that the branch lacks; `null` without an upstream. */
  behind: z.number().int().nonnegative().nullable(),
  /** Files that differ from the last commit: changed, staged, untracked or in conflict. */
  changedFiles: z.number().int().nonnegative(),
});

/** What the model is told about the repository: the state and the snapshot of the section. */
export type GitStatus = z.infer<typeof gitStatusSchema>;

/**
 * The `git_status` section: an extension slot (`turnContext.extensions.git_status`) holding a
 * {@link GitStatus}, or `undefined` outside a repository. Its snapshot is the status itself.
 */
export const gitStatusSection = defineSection({
  id: "git_status",
  scope: "world",
  state: z.union([gitStatusSchema, z.undefined()]),
  snapshot: gitStatusSchema,
  snapshotOf: (status) => status,
});

const sameStatus = (first: GitStatus, second: GitStatus) =>
  first.branch === second.branch &&
  first.ahead === second.ahead &&
  first.behind === second.behind &&
  first.changedFiles === second.changedFiles;

/**
 * The repository's status (user role, next to the environment context): branch, ahead/behind
 * its upstream, and the number of changed files. Sent on the first turn, then only when one of
 * them changes. The branch name is untrusted: marker sequences in it are neutralised.
 */
export const gitStatus = defineFragment({
  type: "git_status",
  role: "user",
  markers: { start: "<git_status>", end: "</git_status>" },
  schema: gitStatusSchema,
  maxBytes: 1024,
  description:
    "The repository's branch, how far it is from its upstream, and how many files changed.",
  examples: [{ branch: "main", ahead: 1, behind: 0, changedFiles: 3 }],
  section: gitStatusSection,
  build: (status, reference) =>
    status === undefined || (reference.status === "known" && sameStatus(reference.snapshot, status))
      ? undefined
      : status,
  body: (status, { untrusted }) => {
    const lines = [
      status.branch === null
        ? "  <detached_head />"
        : `  <branch>${untrusted(status.branch)}</branch>`,
      ...(status.ahead === null || status.behind === null
        ? ["  <upstream>none</upstream>"]
        : [`  <ahead>${status.ahead}</ahead>`, `  <behind>${status.behind}</behind>`]),
      `  <changed_files>${status.changedFiles}</changed_files>`,
    ];
    return `\n${lines.join("\n")}\n`;
  },
});
