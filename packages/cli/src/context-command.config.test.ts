import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

let repository: string;
let home: string;
beforeEach(async () => {
  const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-context-config-")));
  repository = join(root, "repo");
  home = join(root, "home");
  await mkdir(join(repository, "src", ".codex"), { recursive: true });
  await mkdir(join(repository, ".codex"));
  await mkdir(home);
  execFileSync("git", ["init", "--quiet", repository]);
  await writeFile(join(repository, "AGENTS.md"), "Project rules.\n");
  await writeFile(join(home, "AGENTS.md"), "Global rules.\n");
});

/** The first line of every text `ctx context --format json` sends in `cwd`, and its warnings. */
async function sent(cwd: string): Promise<{ heads: string[]; stderr: string }> {
  const run = await runCtx(["context", "--format", "json"], cwd, { CODEX_HOME: home });
  expect(run.code).toBe(0);
  const request = JSON.parse(run.stdout) as { input: { content: { text: string }[] }[] };
  return {
    heads: request.input.flatMap((item) =>
      item.content.map((part) => part.text.split("\n")[0] ?? ""),
    ),
    stderr: run.stderr,
  };
}

const trusted = (path: string) => `[projects."${path}"]\ntrust_level = "trusted"\n`;

describe("ctx context with a Codex configuration", () => {
  it("sends no permissions text and no environment context when config.toml turns them off, and says so", async () => {
    await writeFile(
      join(home, "config.toml"),
      `include_permissions_instructions = false\ninclude_environment_context = false\n${trusted(repository)}`,
    );
    const { heads } = await sent(repository);
    expect(heads).toEqual([`# AGENTS.md instructions for ${repository}`]);
    const text = await runCtx(["context"], repository, { CODEX_HOME: home });
    expect(text.stdout).toMatch(/permissions text\s+not sent\s+config\.toml:1/);
    expect(text.stdout).toMatch(/environment context\s+not sent\s+config\.toml:2/);
  });

  it("leaves the date out of the environment context with include_environment_context_time = false", async () => {
    await writeFile(join(home, "config.toml"), "include_environment_context_time = false\n");
    const run = await runCtx(["context", "--show", "environment_context"], repository, {
      CODEX_HOME: home,
    });
    expect(run.stdout).toContain("<cwd>");
    expect(run.stdout).not.toContain("<current_date>");
  });

  it("lays a trusted project's .codex/config.toml files over config.toml, the nearer over the farther, and names them", async () => {
    await writeFile(join(home, "config.toml"), trusted(repository));
    await writeFile(
      join(repository, ".codex", "config.toml"),
      'developer_instructions = "From the root."\nsandbox_mode = "danger-full-access"\nproject_root_markers = [".hg"]\n',
    );
    await writeFile(
      join(repository, "src", ".codex", "config.toml"),
      'developer_instructions = "From src <b>as written</b>."\n',
    );
    const cwd = join(repository, "src");
    const { heads, stderr } = await sent(cwd);
    expect(heads).toContain("From src <b>as written</b>.");
    expect(heads).not.toContain("From the root.");
    expect(stderr).toContain(
      `${join(repository, ".codex", "config.toml")}:3: project_root_markers is not taken from a project's config.toml`,
    );
    const text = await runCtx(["context"], cwd, { CODEX_HOME: home });
    expect(text.stdout).toContain(join(repository, "src", ".codex", "config.toml"));
    expect(text.stdout).toMatch(
      /developer instructions\s+27 bytes, as written\s+project src\/\.codex\/config\.toml:1\s/,
    );
    expect(text.stdout).toMatch(/sandbox\s+danger-full-access\s+project \.codex\/config\.toml:2\s/);
  });

  it("reads neither the project's config.toml nor its AGENTS.md in a project marked untrusted, and warns of the file", async () => {
    await writeFile(
      join(home, "config.toml"),
      `[projects."${repository}"]\ntrust_level = "untrusted"\n`,
    );
    await writeFile(
      join(repository, ".codex", "config.toml"),
      'developer_instructions = "Never sent."\n',
    );
    const { heads, stderr } = await sent(repository);
    expect(heads).not.toContain("Never sent.");
    expect(heads).toContain("# AGENTS.md instructions");
    const agentsMd = await runCtx(["context", "--show", "agents_md_instructions"], repository, {
      CODEX_HOME: home,
    });
    expect(agentsMd.stdout).toContain("Global rules.");
    expect(agentsMd.stdout).not.toContain("Project rules.");
    expect(stderr).toContain(`${join(repository, ".codex", "config.toml")} is not read`);
  });
});
