import { createMemoryFileSystem, type MemoryEntry } from "@ctx/agents-md";
import { describe, expect, it } from "vitest";
import { CodexConfigError } from "./codex-config-error.js";
import { describeConfigSource } from "./config-source.js";
import { readCodexConfig } from "./read-codex-config.js";

const home = "/home/me/.codex";

/** The configuration read in `cwd` from a tree holding `/repo/.git` and the given entries. */
function read(
  entries: Record<string, MemoryEntry>,
  options: { cwd?: string; profile?: string; overrides?: string[]; maxBytes?: number } = {},
) {
  const fs = createMemoryFileSystem({
    "/repo/.git/HEAD": "ref: refs/heads/main\n",
    "/plain": { directory: true },
    ...entries,
  });
  return readCodexConfig({ home, cwd: options.cwd ?? "/repo", fs, ...options });
}

function sourceOf(config: Awaited<ReturnType<typeof readCodexConfig>>, key: string): string {
  const value = config.values.find((candidate) => candidate.key === key);
  return value === undefined ? "(none)" : describeConfigSource(value.source);
}

async function refusal(promise: Promise<unknown>): Promise<CodexConfigError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!CodexConfigError.isInstance(error))
    throw new Error(`expected a CodexConfigError, got ${String(error)}`);
  return error;
}

describe("readCodexConfig: trust decides the defaults as Codex 0.171 does", () => {
  it("reads a folder no entry trusts as read-only with on-request approvals", async () => {
    const config = await read({});
    expect(config.trust).toEqual({ level: "unknown" });
    expect(config.environment).toMatchObject({
      sandboxMode: "read-only",
      approvalPolicy: "on-request",
    });
    expect(sourceOf(config, "sandbox_mode")).toBe("default");
    expect(config.files).toEqual([{ path: `${home}/config.toml`, found: false }]);
  });

  it("gives a trusted project workspace-write, from the trust entry", async () => {
    const config = await read({
      [`${home}/config.toml`]: '[projects."/repo"]\ntrust_level = "trusted"\n',
    });
    expect(config.environment).toMatchObject({
      sandboxMode: "workspace-write",
      approvalPolicy: "on-request",
      networkAccess: false,
    });
    expect(sourceOf(config, "sandbox_mode")).toBe("trusted project /repo");
    expect(config.skills.trusted).toBe(true);
  });

  it("trusts a folder inside a trusted Git repository, but not inside a trusted plain folder", async () => {
    const toml =
      '[projects."/repo"]\ntrust_level = "trusted"\n[projects."/plain"]\ntrust_level = "trusted"\n';
    const inRepo = await read(
      { [`${home}/config.toml`]: toml, "/repo/a/b": { directory: true } },
      { cwd: "/repo/a/b" },
    );
    expect(inRepo.trust).toEqual({
      level: "trusted",
      project: "/repo",
      source: { kind: "file", path: `${home}/config.toml`, line: 2 },
    });
    const inPlain = await read(
      { [`${home}/config.toml`]: toml, "/plain/a": { directory: true } },
      { cwd: "/plain/a" },
    );
    expect(inPlain.environment.sandboxMode).toBe("read-only");
    const noHead = await read(
      {
        [`${home}/config.toml`]: toml,
        "/plain/.git": { directory: true },
        "/plain/a": { directory: true },
      },
      { cwd: "/plain/a" },
    );
    expect(noHead.trust.level).toBe("unknown");
    const worktree = await read(
      { [`${home}/config.toml`]: toml, "/repo/w/.git": "gitdir: /repo/.git/worktrees/w\n" },
      { cwd: "/repo/w" },
    );
    expect(worktree.trust.level).toBe("unknown");
  });

  it("gives an untrusted project workspace-write and the untrusted approval policy", async () => {
    const config = await read({
      [`${home}/config.toml`]: '[projects."/repo"]\ntrust_level = "untrusted"\n',
    });
    expect(config.environment).toMatchObject({
      sandboxMode: "workspace-write",
      approvalPolicy: "untrusted",
    });
  });

  it("turns an untrusted project's AGENTS.md off, whatever budget is set, as Codex 0.171 does", async () => {
    const config = await read({
      [`${home}/config.toml`]:
        'project_doc_max_bytes = 100\n[projects."/repo"]\ntrust_level = "untrusted"\n',
    });
    expect(config.agentsMd.maxBytes).toBe(0);
    expect(sourceOf(config, "project_doc_max_bytes")).toBe("untrusted project /repo");
    const trusted = await read({
      [`${home}/config.toml`]:
        'project_doc_max_bytes = 100\n[projects."/repo"]\ntrust_level = "trusted"\n',
    });
    expect(trusted.agentsMd.maxBytes).toBe(100);
  });

  it("keeps a sandbox_mode the file sets over the trust default, with its line", async () => {
    const config = await read({
      [`${home}/config.toml`]:
        '# mine\nsandbox_mode = "read-only"\n[projects."/repo"]\ntrust_level = "trusted"\n',
    });
    expect(config.environment.sandboxMode).toBe("read-only");
    expect(sourceOf(config, "sandbox_mode")).toBe(`${home}/config.toml:2`);
  });
});

describe("readCodexConfig: profiles and overrides", () => {
  const base =
    'developer_instructions = "top"\n\n[sandbox_workspace_write]\nwritable_roots = ["/srv"]\n';
  const work =
    'sandbox_mode = "workspace-write"\ndeveloper_instructions = "from work"\n[sandbox_workspace_write]\nnetwork_access = true\n';

  it("lays the profile's file over config.toml, merging tables key by key", async () => {
    const config = await read(
      { [`${home}/config.toml`]: base, [`${home}/work.config.toml`]: work },
      { profile: "work" },
    );
    expect(config.developerInstructions).toBe("from work");
    expect(config.environment).toMatchObject({
      sandboxMode: "workspace-write",
      writableRoots: ["/srv"],
      networkAccess: true,
    });
    expect(sourceOf(config, "developer_instructions")).toBe(
      `profile work (${home}/work.config.toml:2)`,
    );
    expect(sourceOf(config, "sandbox_workspace_write.writable_roots")).toBe(
      `${home}/config.toml:4`,
    );
    expect(config.files.map((file) => file.found)).toEqual([true, true]);
  });

  it("lays -c overrides over the profile, reading the value as TOML or else as text", async () => {
    const config = await read(
      { [`${home}/config.toml`]: base, [`${home}/work.config.toml`]: work },
      {
        profile: "work",
        overrides: [
          'developer_instructions="over"',
          "sandbox_workspace_write.network_access=false",
          "model=gpt-5.5 turbo",
        ],
      },
    );
    expect(config.developerInstructions).toBe("over");
    expect(config.environment.networkAccess).toBe(false);
    expect(config.model).toBe("gpt-5.5 turbo");
    expect(sourceOf(config, "developer_instructions")).toBe('-c developer_instructions="over"');
  });

  it("runs without a profile whose file is missing, and says so", async () => {
    const config = await read({}, { profile: "nope" });
    expect(config.warnings.map((warning) => warning.code)).toEqual(["profile-not-found"]);
    expect(config.environment.sandboxMode).toBe("read-only");
  });

  it("refuses the legacy profile key, from the file or an override, as Codex 0.171 does", async () => {
    const fromFile = await refusal(
      read({ [`${home}/config.toml`]: 'model = "x"\nprofile = "work"\n' }),
    );
    expect(fromFile.code).toBe("legacy-profile");
    expect(fromFile.message).toContain(`${home}/config.toml:2`);
    expect((await refusal(read({}, { overrides: ['profile="work"'] }))).code).toBe(
      "legacy-profile",
    );
  });

  it("ignores [profiles.*] tables with a warning, and refuses one the --profile names", async () => {
    const toml = '[profiles.work]\nsandbox_mode = "danger-full-access"\n';
    const ignored = await read({ [`${home}/config.toml`]: toml });
    expect(ignored.environment.sandboxMode).toBe("read-only");
    expect(ignored.warnings.map((warning) => warning.code)).toEqual(["legacy-profiles-ignored"]);
    expect((await refusal(read({ [`${home}/config.toml`]: toml }, { profile: "work" }))).code).toBe(
      "legacy-profile",
    );
  });

  it("refuses an override without =", async () => {
    expect((await refusal(read({}, { overrides: ["developer_instructions"] }))).code).toBe(
      "invalid-override",
    );
  });
});

describe("readCodexConfig: values and files Codex refuses", () => {
  it("names the key and its line for a value Codex rejects", async () => {
    const error = await refusal(
      read({ [`${home}/config.toml`]: '\n[projects."/repo"]\ntrust_level = "yes"\n' }),
    );
    expect(error.code).toBe("invalid-value");
    expect(error.message).toContain(`${home}/config.toml:3: projects./repo.trust_level`);
  });

  it("names the line of text that is not TOML", async () => {
    const error = await refusal(read({ [`${home}/config.toml`]: 'model = "a"\nmodel = \n' }));
    expect(error.code).toBe("invalid-toml");
    expect(error.message).toContain(`${home}/config.toml:2`);
  });

  it("refuses bytes that are not UTF-8, and takes a byte-order mark", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('developer_instructions = "caf'),
      0xe9,
      0x22,
      0x0a,
    ]);
    expect((await refusal(read({ [`${home}/config.toml`]: bytes }))).code).toBe("not-utf8");
    const config = await read({ [`${home}/config.toml`]: '\ufeffmodel = "gpt-5.5"\n' });
    expect(config.model).toBe("gpt-5.5");
  });

  it("refuses a FIFO, a device and a folder without reading them", async () => {
    for (const entry of [
      { special: "fifo" },
      { special: "device" },
      { directory: true },
    ] as const) {
      expect((await refusal(read({ [`${home}/config.toml`]: entry }))).code).toBe("not-a-file");
    }
  });

  it("refuses a file over the limit from its size, before reading it", async () => {
    const huge = { repeat: "# comment\n", bytes: 64 * 1024 ** 3 };
    expect((await refusal(read({ [`${home}/config.toml`]: huge }))).code).toBe("too-large");
    const small = await refusal(
      read({ [`${home}/config.toml`]: `# ${"x".repeat(200)}\n` }, { maxBytes: 100 }),
    );
    expect(small.code).toBe("too-large");
  });
});

describe("readCodexConfig: the settings a request takes", () => {
  it("reads model_instructions_file from the folder of the file that names it", async () => {
    const config = await read({
      [`${home}/config.toml`]:
        'model_instructions_file = "base.md"\nmodel_context_window = 200000\nmodel_auto_compact_token_limit = 150000\n',
      [`${home}/base.md`]: "My own base instructions.\n",
    });
    expect(config.session).toEqual({
      baseInstructions: "My own base instructions.\n",
      contextWindow: 200000,
      autoCompactTokenLimit: 150000,
    });
    expect(
      (await refusal(read({ [`${home}/config.toml`]: 'model_instructions_file = "gone.md"\n' })))
        .code,
    ).toBe("read-failed");
  });

  it("keeps developer_instructions exactly as written", async () => {
    const text = "Use <b>bold</b> & # headings\n\n  indented";
    const config = await read({
      [`${home}/config.toml`]: `developer_instructions = ${JSON.stringify(text)}\n`,
    });
    expect(config.developerInstructions).toBe(text);
  });

  it("passes the AGENTS.md and skills keys on", async () => {
    const config = await read({
      [`${home}/config.toml`]:
        'project_doc_max_bytes = 100\nproject_doc_fallback_filenames = ["CLAUDE.md"]\nproject_root_markers = [".hg"]\n[skills]\ninclude_instructions = false\n',
    });
    expect(config.agentsMd).toEqual({
      maxBytes: 100,
      fallbackFilenames: ["CLAUDE.md"],
      rootMarkers: [".hg"],
    });
    expect(config.skills).toEqual({ includeInstructions: false, bundled: true, trusted: false });
    expect(sourceOf(config, "skills.include_instructions")).toBe(`${home}/config.toml:5`);
  });

  it("refuses options of the wrong kind", async () => {
    const fs = createMemoryFileSystem({});
    const error = await refusal(readCodexConfig({ home, cwd: "/", fs, profile: "../x" }));
    expect(error.code).toBe("invalid-argument");
  });
});
