import { describe, expect, it } from "vitest";
import { environmentContext } from "./environment-context.js";
import { diffEnvironmentContext, snapshotEnvironmentContext } from "./environment-context-diff.js";

const base = {
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  currentDate: "2026-02-26",
  timezone: "America/Los_Angeles",
  filesystem: {
    workspaceRoots: ["/repo"],
    permissionProfile: { type: "managed" as const, fileSystem: { type: "unrestricted" as const } },
  },
};

const render = (data: Parameters<typeof environmentContext.create>[0]) =>
  environmentContext.create(data).render();

describe("snapshotEnvironmentContext", () => {
  it("keeps what decides a diff, with rendered network and file system, and no empty fields", () => {
    expect(snapshotEnvironmentContext(base)).toEqual({
      environments: { local: { cwd: "/repo", status: "available", shell: "bash" } },
      currentDate: "2026-02-26",
      timezone: "America/Los_Angeles",
      filesystem:
        '<filesystem><workspace_roots><root>/repo</root></workspace_roots><permission_profile type="managed"><file_system type="unrestricted" /></permission_profile></filesystem>',
    });
    expect(JSON.parse(JSON.stringify(snapshotEnvironmentContext(base)))).toEqual(
      snapshotEnvironmentContext(base),
    );
  });
});

describe("diffEnvironmentContext", () => {
  const previous = snapshotEnvironmentContext(base);

  it("sends everything when there is no previous snapshot", () => {
    expect(diffEnvironmentContext(undefined, base)).toBe(base);
  });

  it("sends nothing when nothing changed", () => {
    expect(diffEnvironmentContext(previous, base)).toBeUndefined();
  });

  it("ignores a change of the subagent roster alone", () => {
    expect(diffEnvironmentContext(previous, { ...base, subagents: "- /root/a" })).toBeUndefined();
  });

  it("repeats date, time zone and file system without the cwd when only the date changed", () => {
    const update = diffEnvironmentContext(previous, { ...base, currentDate: "2026-02-27" });
    expect(update).toBeDefined();
    if (update === undefined) return;
    expect(render(update)).toBe(
      `<environment_context>\n  <current_date>2026-02-27</current_date>\n  <timezone>America/Los_Angeles</timezone>\n  ${previous.filesystem}\n</environment_context>`,
    );
  });

  it("sends the single layout when the one environment moved", () => {
    const update = diffEnvironmentContext(previous, {
      ...base,
      environments: [{ id: "local", cwd: "/other", shell: "bash" }],
    });
    expect(update?.layout).toBe("single");
    expect(update === undefined ? "" : render(update)).toContain(
      "  <cwd>/other</cwd>\n  <shell>bash</shell>\n",
    );
  });

  it("treats an unknown shell becoming known as no change, but a changed shell as one", () => {
    const unknownShell = snapshotEnvironmentContext({
      ...base,
      environments: [{ id: "local", cwd: "/repo" }],
    });
    expect(diffEnvironmentContext(unknownShell, base)).toBeUndefined();
    expect(
      diffEnvironmentContext(previous, {
        ...base,
        environments: [{ id: "local", cwd: "/repo", shell: "zsh" }],
      }),
    ).toBeDefined();
  });

  it("marks a vanished environment unavailable", () => {
    const update = diffEnvironmentContext(previous, { ...base, environments: [] });
    expect(update === undefined ? "" : render(update)).toContain(
      '  <environments>\n    <environment id="local" status="unavailable" />\n  </environments>\n',
    );
  });

  it("shows only the environments that changed, in the multiple layout", () => {
    const two = snapshotEnvironmentContext({
      ...base,
      environments: [
        { id: "local", cwd: "/repo", shell: "bash" },
        { id: "remote", cwd: "/srv", status: "starting" },
      ],
    });
    const update = diffEnvironmentContext(two, {
      ...base,
      environments: [
        { id: "local", cwd: "/repo", shell: "bash" },
        { id: "remote", cwd: "/srv", shell: "sh" },
      ],
    });
    expect(update?.environments).toEqual([{ id: "remote", cwd: "/srv", shell: "sh" }]);
    expect(update?.layout).toBe("multiple");
  });
});
