import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-error.js";
import { readCodexConfig } from "./codex-config.js";

async function configFile(text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "ctx-config-")), "config.toml");
  await writeFile(path, text);
  return path;
}

describe("readCodexConfig", () => {
  it("reads the keys that shape the first request and leaves the others alone", async () => {
    const path = await configFile(
      [
        'model = "gpt-5.5"',
        "approval_policy = { granular = { rules = true } }",
        'project_doc_fallback_filenames = ["NOTES.md"]',
        "[skills]",
        "include_instructions = false",
        '[projects."/work/repo"]',
        'trust_level = "trusted"',
        '[projects."/work/other"]',
        'trust_level = "untrusted"',
        "[model_providers.local]",
        'base_url = "http://127.0.0.1:1"',
      ].join("\n"),
    );
    expect(await readCodexConfig(path)).toEqual({
      path,
      model: "gpt-5.5",
      approval: "granular",
      fallbackFilenames: ["NOTES.md"],
      skills: false,
      trustedProjects: ["/work/repo"],
    });
  });

  it("gives nothing when there is no file", async () => {
    expect(await readCodexConfig(join(tmpdir(), "ctx-no-such-folder", "config.toml"))).toBe(
      undefined,
    );
  });

  it.each([
    ['sandbox_mode = "everything"', "sandbox_mode"],
    ['project_doc_fallback_filenames = ["../up.md"]', "project_doc_fallback_filenames.0"],
    ["project_doc_max_bytes = -1", "project_doc_max_bytes"],
  ])("refuses %s, naming the key", async (line, key) => {
    const failure = await readCodexConfig(await configFile(line)).catch((error: unknown) => error);
    expect(CliError.isInstance(failure)).toBe(true);
    expect((failure as CliError).message).toContain(`${key} is not a value Codex accepts`);
  });
});
