import { describe, expect, it } from "vitest";
import { resolveContextSettings } from "./context-settings.js";

const flags = {
  model: { value: "ctx-coder", given: false },
  personality: { value: "pragmatic", given: false },
  sandbox: { value: "workspace-write", given: true },
  approval: { value: "on-request", given: false },
} as const;
const around = {
  home: { path: "/me/.codex", source: "default" },
  configFile: { value: "/me/.codex/config.toml", source: "default" },
} as const;

describe("resolveContextSettings", () => {
  it("takes a flag first, then the configuration, then the default, and names each source", () => {
    const settings = resolveContextSettings({
      flags,
      config: {
        path: "/me/.codex/config.toml",
        model: "ctx-coder-mini",
        sandbox: "read-only",
        maxBytes: 100,
        trustedProjects: [],
      },
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
      "model=ctx-coder-mini (config)",
      "personality=pragmatic (default)",
      "sandbox=workspace-write (flag)",
      "approval=on-request (default)",
      "developer instructions=none (default)",
      "AGENTS.md budget=100 bytes (config)",
      "AGENTS.md fallback names=none (default)",
      "project root markers=.git (default)",
      "skills=on (default)",
    ]);
  });

  it("shows the default policy with a warning for a granular approval table", () => {
    const settings = resolveContextSettings({
      flags,
      config: { path: "/c.toml", approval: "granular", trustedProjects: [] },
      ...around,
    });
    expect(settings.approval).toBe("on-request");
    expect(settings.warnings.map((warning) => warning.code)).toEqual(["granular-approval"]);
  });
});
