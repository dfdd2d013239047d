import { renderPermissionsInstructions } from "@ctx/prompts";
import { environmentContext } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { SessionError } from "../session-error.js";
import { buildEnvironmentProfile } from "./environment-profile.js";
import { systemTimeZone } from "./system-time-zone.js";

const now = new Date("2026-01-15T12:00:00Z");

/** The one-line `<filesystem>` element the profile renders to. */
function filesystemLine(profile: ReturnType<typeof buildEnvironmentProfile>): string {
  const text = environmentContext
    .create({
      environments: profile.environments,
      filesystem: profile.filesystem,
    })
    .render();
  return (
    text
      .split("\n")
      .find((line) => line.includes("<filesystem>"))
      ?.trim() ?? ""
  );
}

describe("buildEnvironmentProfile", () => {
  it("keeps .git, .agents, .codex and .aws read-only inside every writable root, as Codex 0.171 does", () => {
    const profile = buildEnvironmentProfile({
      cwd: "/repo",
      sandboxMode: "workspace-write",
      writableRoots: ["/data"],
      now,
      timeZone: "Etc/UTC",
    });
    // Codex 0.171's line for the same settings, with `/repo` and `/data` as the roots.
    expect(filesystemLine(profile)).toBe(
      '<filesystem><workspace_roots><root>/repo</root><root>/data</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry><entry access="write"><path>/repo</path></entry><entry access="write"><path>/data</path></entry><entry access="write"><special>:slash_tmp</special></entry><entry access="write"><special>:tmpdir</special></entry><entry access="read"><path>/repo/.git</path></entry><entry access="read"><path>/data/.git</path></entry><entry access="read"><path>/repo/.agents</path></entry><entry access="read"><path>/data/.agents</path></entry><entry access="read"><path>/repo/.codex</path></entry><entry access="read"><path>/data/.codex</path></entry><entry access="read"><path>/repo/.aws</path></entry><entry access="read"><path>/data/.aws</path></entry></file_system></permission_profile></filesystem>',
    );
    expect(profile.permissions).toEqual({
      sandboxMode: "workspace-write",
      approvalPolicy: "on-request",
      networkAccess: false,
      writableRoots: ["/repo", "/data", "/tmp"],
    });
  });

  it("enables the network and drops the sandbox under danger-full-access", () => {
    const profile = buildEnvironmentProfile({
      cwd: "/repo",
      sandboxMode: "danger-full-access",
      approvalPolicy: "never",
      networkAccess: false,
      writableRoots: ["/data"],
      now,
    });
    expect(filesystemLine(profile)).toBe(
      '<filesystem><workspace_roots><root>/repo</root></workspace_roots><permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile></filesystem>',
    );
    expect(profile.permissions.networkAccess).toBe(true);
    expect(renderPermissionsInstructions(profile.permissions)).toContain("enabled");
  });

  it("reads everywhere and writes nowhere in a read-only sandbox, without network", () => {
    const profile = buildEnvironmentProfile({
      cwd: "/repo",
      sandboxMode: "read-only",
      networkAccess: true,
      writableRoots: ["/data"],
    });
    expect(profile.filesystem.workspaceRoots).toEqual(["/repo"]);
    expect(profile.filesystem.permissionProfile).toEqual({
      type: "managed",
      fileSystem: {
        type: "restricted",
        entries: [{ access: "read", target: { special: ":root" } }],
      },
    });
    expect(profile.permissions).toEqual({
      sandboxMode: "read-only",
      approvalPolicy: "on-request",
      networkAccess: false,
    });
  });

  it("gives the date in the time zone, and leaves both out when asked", () => {
    const late = new Date("2026-01-15T23:30:00Z");
    expect(
      buildEnvironmentProfile({
        cwd: "/repo",
        sandboxMode: "read-only",
        now: late,
        timeZone: "Asia/Tokyo",
      }),
    ).toMatchObject({ date: "2026-01-16", timezone: "Asia/Tokyo" });
    const without = buildEnvironmentProfile({
      cwd: "/repo",
      sandboxMode: "read-only",
      includeDate: false,
    });
    expect("date" in without || "timezone" in without).toBe(false);
  });

  it("names the system's time zone when none is given", () => {
    const profile = buildEnvironmentProfile({ cwd: "/repo", sandboxMode: "read-only" });
    expect(profile.timezone).toBe(systemTimeZone());
  });

  it("is a turn context's environment, permissions and date, as createSession takes them", async () => {
    const profile = buildEnvironmentProfile({
      cwd: "/repo",
      shell: "zsh",
      sandboxMode: "workspace-write",
      now,
      timeZone: "Europe/Paris",
    });
    const request = await createSession().beginTurn({ model: "ctx-coder", ...profile }, "Hello.");
    const texts = request.input.flatMap((item) =>
      item.type === "message"
        ? item.content.flatMap((content) => ("text" in content ? [content.text] : []))
        : [],
    );
    const environment = texts.find((text) => text.startsWith("<environment_context>")) ?? "";
    expect(environment).toContain("<shell>zsh</shell>");
    expect(environment).toContain("<current_date>2026-01-15</current_date>");
    expect(environment).toContain("<timezone>Europe/Paris</timezone>");
    expect(environment).toContain("<path>/repo/.codex</path>");
    expect(texts.some((text) => text.startsWith("<permissions instructions>"))).toBe(true);
  });

  it("leaves the permissions text or the environment context out of the turn when asked, as Codex's include_ keys do", async () => {
    const sent = async (include: {
      includePermissions: boolean;
      includeEnvironmentContext: boolean;
    }) => {
      const profile = buildEnvironmentProfile({
        cwd: "/repo",
        sandboxMode: "read-only",
        ...include,
      });
      const request = await createSession().beginTurn({ model: "ctx-coder", ...profile }, "Hello.");
      return request.input.flatMap((item) =>
        item.type === "message"
          ? item.content.flatMap((content) =>
              "text" in content ? [content.text.split(">")[0] ?? ""] : [],
            )
          : [],
      );
    };
    expect(await sent({ includePermissions: false, includeEnvironmentContext: true })).toEqual([
      "<environment_context",
      "Hello.",
    ]);
    expect(await sent({ includePermissions: true, includeEnvironmentContext: false })).toEqual([
      "<permissions instructions",
      "Hello.",
    ]);
    expect(await sent({ includePermissions: false, includeEnvironmentContext: false })).toEqual([
      "Hello.",
    ]);
  });

  it("refuses a wrong option or an unknown time zone with a SessionError naming it", () => {
    expect(() => buildEnvironmentProfile({ cwd: "", sandboxMode: "read-only" })).toThrow(
      /options: cwd/,
    );
    expect(() =>
      // @ts-expect-error: not a sandbox mode
      buildEnvironmentProfile({ cwd: "/repo", sandboxMode: "open" }),
    ).toThrow(SessionError);
    expect(() =>
      buildEnvironmentProfile({ cwd: "/repo", sandboxMode: "read-only", timeZone: "Mars/Olympus" }),
    ).toThrow(/options: timeZone/);
  });
});

describe("systemTimeZone", () => {
  it("names a system set to UTC as the system does, Etc/UTC", () => {
    expect(systemTimeZone("UTC")).toBe("Etc/UTC");
    expect(systemTimeZone(undefined)).toBe("Etc/UTC");
  });

  it("keeps any other IANA name as it is", () => {
    expect(systemTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(systemTimeZone("Etc/GMT+2")).toBe("Etc/GMT+2");
  });
});
