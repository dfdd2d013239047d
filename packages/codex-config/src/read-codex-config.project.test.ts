import { createMemoryFileSystem, type MemoryEntry } from "@ctx/agents-md";
import { describe, expect, it } from "vitest";
import { CodexConfigError } from "./codex-config-error.js";
import { describeConfigSource } from "./config-source.js";
import { readCodexConfig } from "./read-codex-config.js";

const home = "/home/me/.codex";
const trusted = '[projects."/repo"]\ntrust_level = "trusted"\n';

/** The configuration read in `cwd` (`/repo/sub` by default) of a Git repository at `/repo`. */
function read(
  entries: Record<string, MemoryEntry>,
  options: { cwd?: string; profile?: string; overrides?: string[]; maxBytes?: number } = {},
) {
  const fs = createMemoryFileSystem({
    "/repo/.git/HEAD": "ref: refs/heads/main\n",
    "/repo/sub": { directory: true },
    ...entries,
  });
  return readCodexConfig({ home, cwd: options.cwd ?? "/repo/sub", fs, ...options });
}

function sourceOf(config: Awaited<ReturnType<typeof readCodexConfig>>, key: string): string {
  const value = config.values.find((candidate) => candidate.key === key);
  return value === undefined ? "(none)" : describeConfigSource(value.source);
}

describe("readCodexConfig: a project's own .codex/config.toml", () => {
  it("lays the files of a trusted project from its folder down to the working directory, the nearer over the farther", async () => {
    const config = await read({
      [`${home}/config.toml`]: trusted,
      "/repo/.codex/config.toml":
        'developer_instructions = "From the root."\nsandbox_mode = "danger-full-access"\n',
      "/repo/sub/.codex/config.toml": 'developer_instructions = "From sub."\n',
    });
    expect(config.developerInstructions).toBe("From sub.");
    expect(config.environment.sandboxMode).toBe("danger-full-access");
    expect(sourceOf(config, "sandbox_mode")).toBe("project /repo (/repo/.codex/config.toml:2)");
    expect(sourceOf(config, "developer_instructions")).toBe(
      "project /repo (/repo/sub/.codex/config.toml:1)",
    );
    expect(config.files).toEqual([
      { path: `${home}/config.toml`, found: true },
      { path: "/repo/.codex/config.toml", project: "/repo", found: true },
      { path: "/repo/sub/.codex/config.toml", project: "/repo", found: true },
    ]);
    expect(config.warnings).toEqual([]);
  });

  it("puts the project's files over a profile's and under -c overrides, as Codex 0.171 does", async () => {
    const entries = {
      [`${home}/config.toml`]: trusted,
      [`${home}/work.config.toml`]: 'developer_instructions = "From the profile."\nmodel = "o3"\n',
      "/repo/.codex/config.toml": 'developer_instructions = "From the project."\n',
    };
    const config = await read(entries, { profile: "work" });
    expect(config.developerInstructions).toBe("From the project.");
    expect(config.model).toBe("o3");
    const overridden = await read(entries, {
      profile: "work",
      overrides: ['developer_instructions="From -c."'],
    });
    expect(overridden.developerInstructions).toBe("From -c.");
  });

  it("reads no project file where the project is not trusted, and names each one it passes over", async () => {
    const project = { "/repo/.codex/config.toml": 'sandbox_mode = "danger-full-access"\n' };
    for (const user of ["", '[projects."/repo"]\ntrust_level = "untrusted"\n']) {
      const config = await read({ [`${home}/config.toml`]: user, ...project });
      expect(config.environment.sandboxMode).not.toBe("danger-full-access");
      expect(config.files.map((file) => file.path)).toEqual([`${home}/config.toml`]);
      expect(config.warnings).toEqual([
        expect.objectContaining({
          code: "project-config-ignored",
          path: "/repo/.codex/config.toml",
        }),
      ]);
    }
  });

  it("never reads a folder above the trusted project", async () => {
    const config = await read({
      [`${home}/config.toml`]: trusted,
      "/.codex/config.toml": 'developer_instructions = "Above the project."\n',
    });
    expect(config.developerInstructions).toBeUndefined();
    expect(config.files).toHaveLength(1);
  });

  it("passes over project_root_markers and profiles in a project's file, with a warning naming the line", async () => {
    const config = await read({
      [`${home}/config.toml`]: trusted,
      "/repo/.codex/config.toml":
        'model = "o3"\nproject_root_markers = [".hg"]\nprofile = "x"\n[profiles.x]\nmodel = "o4"\n',
    });
    expect(config.model).toBe("o3");
    expect(config.agentsMd.rootMarkers).toBeUndefined();
    expect(config.warnings.map((warning) => [warning.code, warning.message.split(":")[1]])).toEqual(
      [
        ["project-key-ignored", "2"],
        ["project-key-ignored", "3"],
        ["project-key-ignored", "4"],
      ],
    );
  });

  it("takes a project file's relative paths from its .codex folder", async () => {
    const config = await read({
      [`${home}/config.toml`]: trusted,
      "/repo/.codex/config.toml":
        'model_instructions_file = "base.md"\nsandbox_mode = "workspace-write"\n[sandbox_workspace_write]\nwritable_roots = ["rel"]\n',
      "/repo/.codex/base.md": "Base from the project.",
    });
    expect(config.session.baseInstructions).toBe("Base from the project.");
    expect(config.environment.writableRoots).toEqual(["/repo/.codex/rel"]);
  });

  it("lets a project's file lower its own trust, keeping what the file set", async () => {
    const config = await read({
      [`${home}/config.toml`]: trusted,
      "/repo/.codex/config.toml":
        'developer_instructions = "Still sent."\n[projects."/repo"]\ntrust_level = "untrusted"\n',
    });
    expect(config.trust).toEqual({
      level: "untrusted",
      project: "/repo",
      source: {
        kind: "file",
        path: "/repo/.codex/config.toml",
        line: 3,
        project: "/repo",
      },
    });
    expect(config.environment.approvalPolicy).toBe("untrusted");
    expect(config.developerInstructions).toBe("Still sent.");
  });

  it("refuses a value Codex would reject in a project's file, naming the project, the file and the line", async () => {
    const error = await read({
      [`${home}/config.toml`]: trusted,
      "/repo/sub/.codex/config.toml": '# mine\nsandbox_mode = "everything"\n',
    }).catch((caught: unknown) => caught);
    expect(CodexConfigError.isInstance(error) && error.code).toBe("invalid-value");
    expect(CodexConfigError.isInstance(error) && error.message).toMatch(
      /^project \/repo \(\/repo\/sub\/\.codex\/config\.toml:2\): sandbox_mode is not a value Codex accepts/,
    );
  });

  it("bounds a project's file as the user's: too large, not UTF-8, not TOML", async () => {
    const cases: [MemoryEntry, string][] = [
      [`developer_instructions = "${"x".repeat(64)}"\n`, "too-large"],
      [new Uint8Array([0x6d, 0x3d, 0xff]), "not-utf8"],
      ["model = \n", "invalid-toml"],
    ];
    for (const [entry, code] of cases) {
      const error = await read(
        { [`${home}/config.toml`]: trusted, "/repo/.codex/config.toml": entry },
        { maxBytes: 48 },
      ).catch((caught: unknown) => caught);
      expect(CodexConfigError.isInstance(error) && error.code).toBe(code);
      expect(CodexConfigError.isInstance(error) && error.path).toBe("/repo/.codex/config.toml");
    }
  });
});
