import { describe, expect, it } from "vitest";
import { createLoadedAgentsMd } from "./loaded-agents-md.js";
import type { AgentsMdEntry, LoadedAgentsMdData } from "./loaded-agents-md-data.js";

const file = { identity: "1:1", bytes: 4, bytesRead: 4, keptBytes: 4, cut: null, imports: [] };

function entry(path: string, environment: string, cwd: string): AgentsMdEntry {
  return { ...file, scope: "project", path, text: path, environment, cwd };
}

function data(entries: AgentsMdEntry[], withGlobal: boolean): LoadedAgentsMdData {
  return {
    global: withGlobal ? { ...file, scope: "global", path: "/h/AGENTS.md", text: "g" } : null,
    entries,
    environments: [],
    warnings: [],
  };
}

describe("createLoadedAgentsMd", () => {
  it("names the working directory when one environment contributed project files", () => {
    const loaded = createLoadedAgentsMd(data([entry("/r/AGENTS.md", "local", "/r/a")], true));
    expect(loaded.directory).toBe("/r/a");
  });

  it("names no directory for several environments, or for the global file alone", () => {
    const several = data(
      [entry("/a/AGENTS.md", "one", "/a"), entry("/b/AGENTS.md", "two", "/b")],
      false,
    );
    expect(createLoadedAgentsMd(several).directory).toBeNull();
    expect(createLoadedAgentsMd(data([], true)).directory).toBeNull();
  });

  it("lists the sources, global first, and knows when it is empty", () => {
    const loaded = createLoadedAgentsMd(data([entry("/r/AGENTS.md", "local", "/r")], true));
    expect(loaded.sources()).toEqual(["/h/AGENTS.md", "/r/AGENTS.md"]);
    expect(loaded.isEmpty()).toBe(false);
    expect(createLoadedAgentsMd(data([], false)).isEmpty()).toBe(true);
  });

  it("survives a JSON round trip with the same text and sources", () => {
    const loaded = createLoadedAgentsMd(
      data([entry("/r/AGENTS.md", "local", "/r"), entry("/r/a/AGENTS.md", "local", "/r/a")], true),
    );
    const again = createLoadedAgentsMd(JSON.parse(JSON.stringify(loaded)));
    expect(again.text()).toBe(loaded.text());
    expect(again.sources()).toEqual(loaded.sources());
    expect(again.toJSON()).toEqual(loaded.toJSON());
    expect(Object.isFrozen(loaded)).toBe(true);
  });
});
