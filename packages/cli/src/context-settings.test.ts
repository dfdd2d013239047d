import { createMemoryFileSystem } from "@ctx/agents-md";
import { readCodexConfig } from "@ctx/codex-config";
import { describe, expect, it } from "vitest";
import { resolveContextSettings } from "./context-settings.js";

const home = "/me/.codex";
const around = {
  home: { path: home, source: "default" },
  configFile: { value: `${home}/config.toml`, source: "default" },
} as const;

async function configOf(toml: string, overrides: string[] = []) {
  const fs = createMemoryFileSystem({
    [`${home}/config.toml`]: toml,
    "/repo/.git": { directory: true },
  });
  return readCodexConfig({ home, cwd: "/repo", fs, overrides });
}

describe("resolveContextSettings", () => {
  it("takes a flag first, then the configuration with its line, then the default", async () => {
    const config = await configOf(
      'model = "ctx-coder-mini"\nsandbox_mode = "read-only"\nproject_doc_max_bytes = 100\n',
    );
    const settings = resolveContextSettings({
      flags: { sandbox: "workspace-write" },
      config,
      ...around,
    });
    expect(settings).toMatchObject({
      model: "ctx-coder-mini",
      sandbox: "workspace-write",
      personality: "pragmatic",
      maxBytes: 100,
      skills: true,
    });
    expect(settings.rows.map((row) => `${row.name}=${row.value} (${row.source})`)).toEqual([
      "Codex home=/me/.codex (default)",
      "config file=/me/.codex/config.toml (default)",
      "project trust=none (default)",
      "model=ctx-coder-mini (config.toml:1)",
      "personality=pragmatic (default)",
      "sandbox=workspace-write (flag)",
      "approval=on-request (default)",
      "writable roots=none (default)",
      "network=off (default)",
      "developer instructions=none (default)",
      "base instructions=@ctx's own for ctx-coder-mini (config.toml:1)",
      "AGENTS.md budget=100 bytes (config.toml:3)",
      "AGENTS.md fallback names=none (default)",
      "project root markers=.git (default)",
      "skills=on (default)",
      "permissions text=sent (default)",
      "environment context=sent (default)",
    ]);
  });

  it("gives a trusted project workspace-write and names the trust entry", async () => {
    const config = await configOf('[projects."/repo"]\ntrust_level = "trusted"\n', [
      "sandbox_workspace_write.network_access=true",
    ]);
    const settings = resolveContextSettings({ flags: {}, config, ...around });
    expect(settings.sandbox).toBe("workspace-write");
    expect(settings.networkAccess).toBe(true);
    const rows = new Map(settings.rows.map((row) => [row.name, `${row.value} (${row.source})`]));
    expect(rows.get("project trust")).toBe("trusted (/repo) (config.toml:2)");
    expect(rows.get("sandbox")).toBe("workspace-write (trusted project /repo)");
    expect(rows.get("network")).toBe("on (-c sandbox_workspace_write.network_access=true)");
  });

  it("reads an untrusted folder without configuration as read-only", () => {
    const settings = resolveContextSettings({ flags: {}, config: undefined, ...around });
    expect(settings).toMatchObject({
      sandbox: "read-only",
      approval: "on-request",
      trusted: false,
    });
  });

  it("passes a granular approval table on, unless a flag chooses the policy", async () => {
    const config = await configOf("[approval_policy.granular]\nrules = true\n");
    expect(resolveContextSettings({ flags: {}, config, ...around })).toMatchObject({
      approval: "granular",
      granularApprovals: { rules: true, sandboxApproval: false },
    });
    const flagged = resolveContextSettings({ flags: { approval: "never" }, config, ...around });
    expect(flagged.granularApprovals).toBeUndefined();
  });
});
