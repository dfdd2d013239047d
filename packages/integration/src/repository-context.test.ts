import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsTreePath } from "@ctx/fixtures";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { afterAll, describe, expect, it } from "vitest";
import { assembleRepositoryContext } from "./repository-context.js";

const registry = createStandardRegistry();
// Physical path: discovery reports the working directory with every symlink resolved.
const temporary = realpathSync(mkdtempSync(join(tmpdir(), "ctx-context-")));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

let copies = 0;

/** A fresh copy of a fixture tree with `.git` where its MARKERS file says the root is. */
function repository(name: string): string {
  copies += 1;
  const root = join(temporary, `${copies}`, name);
  cpSync(agentsTreePath(name), root, { recursive: true });
  mkdirSync(join(root, ".git"));
  return root;
}

const now = new Date("2026-02-26T23:30:00Z");

describe("assembleRepositoryContext", () => {
  it("shows the model one developer message and one contextual user message, in registry order", async () => {
    const root = repository("Kanbus");
    const context = await assembleRepositoryContext({
      cwd: join(root, "apps", "console"),
      now,
      timeZone: "Asia/Tokyo",
      shell: "zsh",
    });
    expect(context.input.map((message) => message.role)).toEqual(["developer", "user"]);
    const [developer, user] = context.input;
    expect(
      developer?.content.map(
        (content) =>
          content.type === "input_text" && registry.classify("developer", content.text)?.type,
      ),
    ).toEqual(["permissions_instructions"]);
    const types = user?.content.map(
      (content) => content.type === "input_text" && registry.classify("user", content.text)?.type,
    );
    expect(types).toEqual(["agents_md_instructions", "environment_context"]);
    expect(
      context.input.every(
        (message) => message.role !== "user" || registry.isContextualUserMessage(message),
      ),
    ).toBe(true);
  });

  it("carries the root-to-cwd AGENTS.md text, headed by the working directory", async () => {
    const root = repository("codex-security");
    const cwd = join(root, "sdk", "typescript");
    const context = await assembleRepositoryContext({ cwd, now, timeZone: "UTC" });
    const text = context.input[1]?.content[0];
    const data = text?.type === "input_text" ? agentsMdInstructions.parse(text.text) : undefined;
    expect(data !== undefined && "directory" in data ? data.directory : undefined).toBe(cwd);
    expect(data !== undefined && "text" in data ? data.text : "").toContain("\n\n");
  });

  it("dates the environment in the given time zone and names the shell", async () => {
    const context = await assembleRepositoryContext({
      cwd: repository("codex-session-view"),
      now,
      timeZone: "Asia/Tokyo",
      shell: "zsh",
    });
    const environment = context.input[1]?.content.at(-1);
    const text = environment?.type === "input_text" ? environment.text : "";
    expect(text).toContain(
      "  <current_date>2026-02-27</current_date>\n  <timezone>Asia/Tokyo</timezone>\n",
    );
    expect(text).toContain("  <shell>zsh</shell>\n");
  });

  it("reports the budget cut of an oversized tree as a warning value", async () => {
    const root = repository("codex-session-view");
    const context = await assembleRepositoryContext({
      cwd: join(root, "src", "server", "function"),
      now,
      timeZone: "UTC",
    });
    expect(context.warnings.map((warning) => warning.code)).toContain("file-cut");
  });

  it("starts from the default model's base instructions", async () => {
    const context = await assembleRepositoryContext({
      cwd: repository("codex-session-view-overrides"),
      now,
      timeZone: "UTC",
    });
    expect(context.instructions).toMatch(/^You are a coding agent\./);
    expect(context.instructions).not.toContain("{{ personality }}");
  });
});
