import { describe, expect, it } from "vitest";
import { claudeProjectFolder } from "./claude-project-folder.js";

describe("claudeProjectFolder", () => {
  it("names the folder as Claude Code does: every character but a letter or digit is a dash", () => {
    // As in the spotter fixtures: /home/marco/projects/spotter-worktrees/spotter-dov.
    expect(claudeProjectFolder("/p", "/home/marco/projects/spotter-worktrees/spotter-dov")).toBe(
      "/p/-home-marco-projects-spotter-worktrees-spotter-dov",
    );
    expect(claudeProjectFolder("/p", "/Users/ada/my_app.v2")).toBe("/p/-Users-ada-my-app-v2");
  });

  it("refuses an argument that is not a path", () => {
    expect(() => claudeProjectFolder("/p", 7 as unknown as string)).toThrow(
      "cwd must be a path, not",
    );
  });
});
