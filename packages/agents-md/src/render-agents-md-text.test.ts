import { describe, expect, it } from "vitest";
import type { AgentsMdEntry, AgentsMdGlobalEntry } from "./loaded-agents-md-data.js";
import { projectDocSeparator, renderAgentsMdText } from "./render-agents-md-text.js";

const file = { identity: "1:1", bytes: 0, bytesRead: 0, keptBytes: 0, cut: null, imports: [] };

function global(text: string): AgentsMdGlobalEntry {
  return { ...file, scope: "global", path: "/home/.codex/AGENTS.md", text };
}

function entry(text: string, environment = "local", cwd = "/repo"): AgentsMdEntry {
  return { ...file, scope: "project", path: `${cwd}/AGENTS.md`, text, environment, cwd };
}

describe("renderAgentsMdText", () => {
  it("joins project files with a blank line and keeps their own line ends", () => {
    expect(renderAgentsMdText(null, [entry("root\n"), entry("nested")])).toBe("root\n\n\nnested");
  });

  it("puts the project-doc marker between the global text and the first project file", () => {
    expect(projectDocSeparator).toBe("\n\n--- project-doc ---\n\n");
    expect(renderAgentsMdText(global("global"), [entry("root"), entry("nested")])).toBe(
      "global\n\n--- project-doc ---\n\nroot\n\nnested",
    );
    expect(renderAgentsMdText(global("global"), [])).toBe("global");
    expect(renderAgentsMdText(null, [])).toBe("");
  });

  it("labels each environment's run of files once when two environments contribute", () => {
    const text = renderAgentsMdText(global("global"), [
      entry("local root", "local", "/work/app"),
      entry("local nested", "local", "/work/app"),
      entry("remote root", "devbox", "/srv/app"),
    ]);
    expect(text).toBe(
      "global\n\nfor `local` with root /work/app\n\nlocal root\n\nlocal nested\n\nfor `devbox` with root /srv/app\n\nremote root",
    );
  });

  it("starts the labelled layout with the label when there is no global text", () => {
    expect(renderAgentsMdText(null, [entry("a", "one", "/a"), entry("b", "two", "/b")])).toBe(
      "for `one` with root /a\n\na\n\nfor `two` with root /b\n\nb",
    );
  });
});
