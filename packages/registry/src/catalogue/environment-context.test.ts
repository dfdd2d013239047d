import { describe, expect, it } from "vitest";
import { environmentContext } from "./environment-context.js";

describe("environmentContext", () => {
  it("renders the reference's single-environment layout", () => {
    const text = environmentContext
      .create({
        environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
        currentDate: "2026-02-26",
        timezone: "America/Los_Angeles",
      })
      .render();
    expect(text).toBe(
      "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n</environment_context>",
    );
  });

  it("renders what Codex 0.169 sends for a read-only sandbox", () => {
    const text = environmentContext
      .create({
        environments: [{ id: "local", cwd: "/work/main", shell: "bash" }],
        currentDate: "2026-11-29",
        timezone: "Etc/UTC",
        filesystem: {
          workspaceRoots: ["/work/main"],
          permissionProfile: {
            type: "managed",
            fileSystem: {
              type: "restricted",
              entries: [{ access: "read", target: { special: ":root" } }],
            },
          },
        },
      })
      .render();
    expect(text).toBe(
      '<environment_context>\n  <cwd>/work/main</cwd>\n  <shell>bash</shell>\n  <current_date>2026-11-29</current_date>\n  <timezone>Etc/UTC</timezone>\n  <filesystem><workspace_roots><root>/work/main</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile></filesystem>\n</environment_context>',
    );
  });

  it("lists several environments sorted by id, with starting and vanished ones", () => {
    const text = environmentContext
      .create({
        environments: [
          { id: "remote", cwd: "C:\\work", status: "starting" },
          { id: "gone", cwd: "/old", status: "unavailable" },
          { id: "local", cwd: "/repo", shell: "zsh" },
        ],
      })
      .render();
    expect(text).toBe(
      [
        "<environment_context>",
        "  <environments>",
        '    <environment id="gone" status="unavailable" />',
        '    <environment id="local">',
        "      <cwd>/repo</cwd>",
        "      <shell>zsh</shell>",
        "    </environment>",
        '    <environment id="remote">',
        "      <cwd>C:\\work</cwd>",
        "      <status>starting</status>",
        "    </environment>",
        "  </environments>",
        "</environment_context>",
      ].join("\n"),
    );
  });

  it("uses the multiple layout for one environment that is still starting, or when asked", () => {
    const starting = environmentContext.create({
      environments: [{ id: "local", cwd: "/r", status: "starting" }],
    });
    expect(starting.render()).toContain("<environments>");
    const asked = environmentContext.create({
      environments: [{ id: "local", cwd: "/r" }],
      layout: "multiple",
    });
    expect(asked.render()).toContain('<environment id="local">');
  });

  it("refuses the single layout without exactly one available environment", () => {
    expect(() => environmentContext.create({ environments: [], layout: "single" })).toThrowError(
      /layout/,
    );
  });

  it("renders nothing for zero environments, only the other values", () => {
    expect(
      environmentContext.create({ environments: [], currentDate: "2026-01-01" }).render(),
    ).toBe(
      "<environment_context>\n  <current_date>2026-01-01</current_date>\n</environment_context>",
    );
  });

  it("escapes element text but not network domains, which are sorted", () => {
    const text = environmentContext
      .create({
        environments: [{ id: "local", cwd: "/a&b/<c>", shell: 'sh"' }],
        network: { allowedDomains: ["b.example", "a.example"], deniedDomains: ["evil.example"] },
      })
      .render();
    expect(text).toContain("  <cwd>/a&amp;b/&lt;c&gt;</cwd>\n  <shell>sh&quot;</shell>\n");
    expect(text).toContain(
      '  <network enabled="true"><allowed>a.example,b.example</allowed><denied>evil.example</denied></network>\n',
    );
  });

  it("sorts ids and domains by code point, as the reference's byte order does, beyond U+FFFF too", () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 code unit.
    const text = environmentContext
      .create({
        environments: [
          { id: "\u{1F600}", cwd: "/b" },
          { id: "\uFF5E", cwd: "/a" },
        ],
        network: { allowedDomains: ["\u{1F600}.example", "\uFF5E.example"], deniedDomains: [] },
      })
      .render();
    expect(text.indexOf('id="\uFF5E"')).toBeLessThan(text.indexOf('id="\u{1F600}"'));
    expect(text).toContain("<allowed>\uFF5E.example,\u{1F600}.example</allowed>");
  });

  it("renders every permission profile shape on one line", () => {
    const render = (
      permissionProfile: Parameters<typeof environmentContext.create>[0]["filesystem"] & object,
    ) =>
      environmentContext
        .create({ environments: [], filesystem: permissionProfile })
        .render()
        .split("\n")[1];
    expect(render({ workspaceRoots: [], permissionProfile: { type: "disabled" } })).toBe(
      '  <filesystem><permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile></filesystem>',
    );
    expect(render({ workspaceRoots: [], permissionProfile: { type: "external" } })).toBe(
      '  <filesystem><permission_profile type="external"><file_system type="external" /></permission_profile></filesystem>',
    );
    expect(
      render({
        workspaceRoots: ["/r"],
        permissionProfile: { type: "managed", fileSystem: { type: "unrestricted" } },
      }),
    ).toBe(
      '  <filesystem><workspace_roots><root>/r</root></workspace_roots><permission_profile type="managed"><file_system type="unrestricted" /></permission_profile></filesystem>',
    );
    expect(
      render({
        workspaceRoots: [],
        permissionProfile: { type: "managed", fileSystem: { type: "restricted", entries: [] } },
      }),
    ).toBe(
      '  <filesystem><permission_profile type="managed"><file_system type="restricted" /></permission_profile></filesystem>',
    );
    expect(
      render({
        workspaceRoots: ["/r"],
        permissionProfile: {
          type: "managed",
          fileSystem: {
            type: "restricted",
            globScanMaxDepth: 3,
            entries: [
              { access: "write", target: { path: "/r" } },
              { access: "write", target: { path: "/r" } },
              { access: "deny", target: { glob: "**/*.env" }, escalatable: false },
              { access: "read", target: { special: ":tmpdir" }, escalatable: false },
            ],
          },
        },
      }),
    ).toBe(
      '  <filesystem><workspace_roots><root>/r</root></workspace_roots><permission_profile type="managed"><file_system type="restricted" glob_scan_max_depth="3"><entry access="write"><path>/r</path></entry><entry access="deny" escalatable="false"><glob>**/*.env</glob></entry><entry access="read"><special>:tmpdir</special></entry></file_system></permission_profile></filesystem>',
    );
  });

  it("indents the subagent roster under its element", () => {
    const text = environmentContext
      .create({ environments: [], subagents: "- /root/a: Ada\n- /root/b" })
      .render();
    expect(text).toBe(
      "<environment_context>\n  <subagents>\n    - /root/a: Ada\n    - /root/b\n  </subagents>\n</environment_context>",
    );
  });

  it("is recognised, and arbitrary tags are not", () => {
    const text = environmentContext.create({ environments: [{ id: "local", cwd: "/" }] }).render();
    expect(environmentContext.matches(text)).toBe(true);
    expect(environmentContext.matches(`\n\n${text.toUpperCase()}\n`)).toBe(true);
    expect(environmentContext.matches("<project_context>x</project_context>")).toBe(false);
  });
});
