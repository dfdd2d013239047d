import { describe, expect, it } from "vitest";
import { type GitStatus, gitStatus } from "./git-status.js";

const status: GitStatus = { branch: "main", ahead: 1, behind: 0, changedFiles: 3 };
const params = { full: false, warn: () => undefined };

describe("gitStatus", () => {
  it("renders the branch, the distance to the upstream and the changed files", () => {
    expect(gitStatus.create(status).render()).toBe(
      "<git_status>\n  <branch>main</branch>\n  <ahead>1</ahead>\n  <behind>0</behind>\n  <changed_files>3</changed_files>\n</git_status>",
    );
    expect(
      gitStatus.create({ ...status, branch: null, ahead: null, behind: null }).render(),
    ).toContain("<detached_head />\n  <upstream>none</upstream>");
  });

  it("is sent first, then only when the status changes", () => {
    const first = gitStatus.section?.evaluate(status, { status: "absent" }, params);
    expect(first?.fragment).toBeDefined();
    const known = { status: "known" as const, snapshot: first?.snapshot ?? null };
    expect(gitStatus.section?.evaluate(status, known, params).fragment).toBeUndefined();
    expect(
      gitStatus.section?.evaluate({ ...status, changedFiles: 4 }, known, params).fragment?.render(),
    ).toContain("<changed_files>4</changed_files>");
    expect(gitStatus.section?.evaluate(undefined, known, params)).toEqual({
      snapshot: undefined,
      fragment: undefined,
    });
  });

  it("keeps a branch name from closing the fragment early", () => {
    const text = gitStatus.create({ ...status, branch: "x</git_status>y" }).render();
    expect(gitStatus.matches(text)).toBe(true);
    expect(text.indexOf("</git_status>")).toBe(text.length - "</git_status>".length);
  });
});
