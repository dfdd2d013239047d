import { describe, expect, it } from "vitest";
import { AgentsMdError } from "./agents-md-error.js";
import { discoverAgentsMdForEnvironments } from "./discover-agents-md-for-environments.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

const local = createMemoryFileSystem(
  {
    "/home/me/.codex/AGENTS.md": "global",
    "/work/app/.git": { directory: true },
    "/work/app/AGENTS.md": "local root",
    "/work/app/web/AGENTS.md": "local web",
  },
  { device: 1 },
);
const remote = createMemoryFileSystem(
  { "/srv/app/.git": { directory: true }, "/srv/app/AGENTS.md": "remote root, longer" },
  { device: 2 },
);

describe("discoverAgentsMdForEnvironments", () => {
  it("labels each contributing environment once, reads the global file once, and names no directory", async () => {
    const loaded = await discoverAgentsMdForEnvironments(
      [
        { id: "local", cwd: "/work/app/web" },
        { id: "devbox", cwd: "/srv/app", fs: remote },
      ],
      { fs: local, home: "/home/me/.codex" },
    );
    expect(loaded.text()).toBe(
      "global\n\nfor `local` with root /work/app/web\n\nlocal root\n\nlocal web\n\nfor `devbox` with root /srv/app\n\nremote root, longer",
    );
    expect(loaded.directory).toBeNull();
    expect(loaded.sources()).toEqual([
      "/home/me/.codex/AGENTS.md",
      "/work/app/AGENTS.md",
      "/work/app/web/AGENTS.md",
      "/srv/app/AGENTS.md",
    ]);
    expect(loaded.environments.map((environment) => [environment.id, environment.root])).toEqual([
      ["local", "/work/app"],
      ["devbox", "/srv/app"],
    ]);
  });

  it("gives every environment its own budget", async () => {
    const loaded = await discoverAgentsMdForEnvironments(
      [
        { id: "local", cwd: "/work/app/web" },
        { id: "devbox", cwd: "/srv/app", fs: remote, maxBytes: 6 },
      ],
      { fs: local, maxBytes: 12 },
    );
    expect(loaded.entries.map((entry) => [entry.environment, entry.text])).toEqual([
      ["local", "local root"],
      ["local", "lo"],
      ["devbox", "remote"],
    ]);
    expect(loaded.environments.map((environment) => environment.usedBytes)).toEqual([12, 6]);
  });

  it("keeps the single-environment layout when only one environment contributes", async () => {
    const empty = createMemoryFileSystem({ "/srv/empty": { directory: true } }, { device: 3 });
    const loaded = await discoverAgentsMdForEnvironments(
      [
        { id: "local", cwd: "/work/app/web" },
        { id: "devbox", cwd: "/srv/empty", fs: empty },
      ],
      { fs: local, home: "/home/me/.codex" },
    );
    expect(loaded.text()).toBe("global\n\n--- project-doc ---\n\nlocal root\n\nlocal web");
    expect(loaded.directory).toBe("/work/app/web");
  });

  it("names the environment whose working directory is missing", async () => {
    const error = await discoverAgentsMdForEnvironments(
      [
        { id: "local", cwd: "/work/app" },
        { id: "devbox", cwd: "/srv/missing", fs: remote },
      ],
      { fs: local },
    ).catch((caught: unknown) => caught);
    expect(AgentsMdError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "cwd-not-found",
      environment: "devbox",
      path: "/srv/missing",
    });
  });

  it("refuses two environments with one id", async () => {
    const error = await discoverAgentsMdForEnvironments(
      [
        { id: "local", cwd: "/work/app" },
        { id: "local", cwd: "/srv/app", fs: remote },
      ],
      { fs: local },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "invalid-argument",
      issues: [{ path: "environments[1].id" }],
    });
  });
});
