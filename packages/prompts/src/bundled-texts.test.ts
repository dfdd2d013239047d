import { CtxError } from "@ctx/text";
import { describe, expect, it } from "vitest";
import { codexTexts } from "./__fixtures__/codex-texts.js";
import { bundledTexts, loadBundledTexts } from "./bundled-texts.js";
import { bundledFiles } from "./data/bundled-files.js";

// Lower-case words, apostrophes and backticks kept, so phrasing is compared and layout is not.
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_`'-]+/g) ?? [];
}

describe("loadBundledTexts", () => {
  it("loads the package's own files, without their trailing newline", () => {
    const texts = loadBundledTexts(bundledFiles);
    expect(texts).toEqual(bundledTexts);
    expect(bundledFiles["compaction/summary-prefix.md"]?.endsWith("\n")).toBe(true);
    expect(texts.summaryPrefix.endsWith("\n")).toBe(false);
  });

  it("refuses a missing file, naming it", () => {
    const { "permissions/approval/never.md": _never, ...rest } = bundledFiles;
    expect(() => loadBundledTexts(rest)).toThrow(CtxError);
    expect(() => loadBundledTexts(rest)).toThrow("permissions/approval/never.md");
  });

  it("refuses a file that is only white space", () => {
    const files = { ...bundledFiles, "compaction/prompt.md": " \n\n" };
    expect(() => loadBundledTexts(files)).toThrow(/compaction\/prompt\.md.*is empty/);
  });

  it("refuses a sandbox text that lost its network placeholder", () => {
    const files = { ...bundledFiles, "permissions/sandbox/read-only.md": "Network is off.\n" };
    expect(() => loadBundledTexts(files)).toThrow("must contain {{ network_access }}");
  });

  it("refuses instructions whose template lost the personality placeholder", () => {
    const files = { ...bundledFiles, "instructions/coding-agent.md": "# Personality\n\nKind.\n" };
    expect(() => loadBundledTexts(files)).toThrow("must contain {{ personality }}");
  });

  it("refuses an approval section that does not open with its protocol heading", () => {
    const files = {
      ...bundledFiles,
      "permissions/approval/escalation-requests.md": "## Escalation Requests\n\nAsk.\n",
    };
    expect(() => loadBundledTexts(files)).toThrow("# Escalation Requests");
  });
});

describe("bundledTexts", () => {
  it("spells the protocol names of the reference exactly", () => {
    expect(bundledTexts.sandbox["read-only"]).toContain("`sandbox_mode` is `read-only`");
    expect(bundledTexts.sandbox["workspace-write"]).toContain(
      "`sandbox_mode` is `workspace-write`",
    );
    expect(bundledTexts.sandbox["danger-full-access"]).toContain(
      "`sandbox_mode` is `danger-full-access`",
    );
    expect(bundledTexts.never).toContain("`sandbox_permissions`");
    expect(bundledTexts.untrusted).toContain("`approval_policy` is `unless-trusted`");
    expect(bundledTexts.granular).toContain("`granular`");
    expect(bundledTexts.autoReview).toContain("`approvals_reviewer` is `auto_review`");
    expect(bundledTexts.autoReview).toContain("`require_escalated`");
    expect(bundledTexts.requestPermissionsTool).toContain("`request_permissions`");
  });

  it("keeps the heading skeleton of the escalation and permission request sections", () => {
    const headings = (text: string) => text.split("\n").filter((line) => line.startsWith("#"));
    expect(headings(bundledTexts.escalationRequests)).toEqual([
      "# Escalation Requests",
      "## How to request escalation",
      "## When to request escalation",
      "## prefix_rule guidance",
      "### Banned prefix_rules",
      "### Examples",
    ]);
    expect(bundledTexts.escalationRequests).toContain(
      '`sandbox_permissions` set to `"require_escalated"`',
    );
    expect(bundledTexts.escalationRequests).toContain("`justification`");
    expect(bundledTexts.escalationRequests).toContain("`prefix_rule`");
    expect(headings(bundledTexts.permissionRequests)).toEqual([
      "# Permission Requests",
      "## Preferred request mode",
      "## Escalation Requests",
      "## Command segmentation reminder",
    ]);
    for (const field of [
      '"with_additional_permissions"',
      "`additional_permissions`",
      "`network.enabled`",
      "`file_system.read`",
      "`file_system.write`",
    ]) {
      expect(bundledTexts.permissionRequests).toContain(field);
    }
  });

  it("gives the coding-agent template a personality section holding the placeholder", () => {
    expect(bundledTexts.codingAgentTemplate).toContain(
      "\n# Personality\n\n{{ personality }}\n\n# ",
    );
  });

  it("has substantial base instructions covering AGENTS.md, planning, tools, sandbox and reporting", () => {
    const template = bundledTexts.codingAgentTemplate;
    expect(template.length).toBeGreaterThan(6000);
    for (const heading of [
      "# AGENTS.md files",
      "# Planning",
      "# Tools and commands",
      "# Sandbox and approvals",
      "# Verification",
      "# Communicating",
    ]) {
      expect(template.split("\n")).toContain(heading);
    }
  });

  it("shares no run of eight words with the texts Codex wrote into real rollouts", () => {
    const size = 8;
    const codex = new Set<string>();
    for (const text of codexTexts()) {
      const list = words(text);
      for (let index = 0; index + size <= list.length; index += 1) {
        codex.add(list.slice(index, index + size).join(" "));
      }
    }
    expect(codex.size).toBeGreaterThan(10_000);
    const shared: string[] = [];
    for (const [path, text] of Object.entries(bundledFiles)) {
      if (!path.endsWith(".md")) continue;
      const list = words(text);
      for (let index = 0; index + size <= list.length; index += 1) {
        const run = list.slice(index, index + size).join(" ");
        if (codex.has(run)) shared.push(`${path}: ${run}`);
      }
    }
    expect(shared).toEqual([]);
  });
});
