import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toPrompt } from "@ctx/ai-sdk";
import { toMessagesParams } from "@ctx/anthropic";
import { toChatCompletionsParams, toResponsesParams } from "@ctx/openai";
import { type PermissionsPolicy, renderPermissionsInstructions } from "@ctx/prompts";
import type { ModelInput } from "@ctx/protocol";
import { createStandardRegistry, permissionsInstructions } from "@ctx/registry";
import { loadDefaultTokenizer } from "@ctx/session";
import { beforeAll, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";
import { undated } from "./__fixtures__/undated.js";

let repository: string;
let home: string;
beforeAll(async () => {
  const root = await realpath(await mkdtemp(join(tmpdir(), "ctx-context-")));
  repository = join(root, "repo");
  home = join(root, "home");
  await mkdir(join(repository, "src"), { recursive: true });
  await mkdir(home);
  execFileSync("git", ["init", "--quiet", repository]);
  await writeFile(join(repository, "AGENTS.md"), "Run the tests before committing.\n");
  await writeFile(join(repository, "src", "AGENTS.md"), "Keep functions small.\n");
  await writeFile(join(home, "AGENTS.md"), "Answer in English.\n");
});

/** The permissions fragment @ctx renders for `policy`. */
function permissionsText(policy: PermissionsPolicy): string {
  return permissionsInstructions.create({ text: renderPermissionsInstructions(policy) }).render();
}

describe("ctx context", () => {
  it("lists each block with role, kind, sources, bytes and tokens", async () => {
    const run = await runCtx(["context", "src", "--home", "../home"], repository);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`First turn in ${join(repository, "src")}`);
    expect(run.stdout).toMatch(/1\s+system\s+base_instructions\s+\d+\s+\d+/);
    expect(run.stdout).toMatch(/developer\s+permissions_instructions/);
    expect(run.stdout).toContain(`agents_md_instructions`);
    expect(run.stdout).toContain(
      `${join(home, "AGENTS.md")}, ${join(repository, "AGENTS.md")}, ${join(repository, "src", "AGENTS.md")}`,
    );
    expect(run.stdout).toMatch(/user\s+environment_context/);
    expect(run.stdout).toContain("tokens counted with o200k_base");
    const [bytes, tokens] = (/base_instructions\s+(\d+)\s+(\d+)/.exec(run.stdout) ?? [])
      .slice(1)
      .map(Number);
    const json = await runCtx(
      ["context", "src", "--home", "../home", "--format", "json"],
      repository,
    );
    const { instructions } = JSON.parse(json.stdout) as ModelInput;
    expect(tokens).toBe((await loadDefaultTokenizer()).count(instructions));
    expect(bytes).toBeGreaterThan(tokens ?? 0);
  });

  it("gives exactly what would be sent as JSON, every text recognised by the registry", async () => {
    const run = await runCtx(
      [
        "context",
        "--format",
        "json",
        "--sandbox",
        "read-only",
        "--approval",
        "never",
        "--home",
        home,
      ],
      join(repository, "src"),
    );
    expect(run.code).toBe(0);
    const request = JSON.parse(run.stdout) as {
      instructions: string;
      input: { role: "developer" | "user"; content: { text: string }[] }[];
    };
    expect(request.instructions.length).toBeGreaterThan(100);
    const registry = createStandardRegistry();
    const kinds = request.input.flatMap((message) =>
      message.content.map((part) => registry.classify(message.role, part.text)?.type),
    );
    expect(kinds).toEqual([
      "permissions_instructions",
      "agents_md_instructions",
      "environment_context",
    ]);
    const permissions = request.input[0]?.content[0]?.text ?? "";
    expect(permissions).toContain("read-only");
    expect(request.input[1]?.content[0]?.text).toContain("Keep functions small.");
  });

  it("describes the sandbox, network and time zone as Codex 0.171 does for the same settings", async () => {
    const texts = async (sandbox: string, env: Record<string, string>) => {
      const run = await runCtx(
        ["context", "--format", "json", "--sandbox", sandbox, "--home", home],
        repository,
        env,
      );
      expect(run.code).toBe(0);
      const request = JSON.parse(run.stdout) as { input: { content: { text: string }[] }[] };
      return request.input.flatMap((message) => message.content.map((part) => part.text));
    };
    const environment = (all: readonly string[]) =>
      all.find((text) => text.startsWith("<environment_context>")) ?? "";
    const permissions = (all: readonly string[]) =>
      all.find((text) => text.startsWith("<permissions instructions>")) ?? "";

    const writing = await texts("workspace-write", { TZ: "UTC" });
    expect(environment(writing)).toContain("<timezone>Etc/UTC</timezone>");
    for (const folder of [".git", ".agents", ".codex"]) {
      expect(environment(writing)).toContain(
        `<entry access="read"><path>${repository}/${folder}</path></entry>`,
      );
    }
    expect(permissions(writing)).toBe(
      permissionsText({
        sandboxMode: "workspace-write",
        approvalPolicy: "on-request",
        networkAccess: false,
        writableRoots: [repository, "/tmp"],
      }),
    );

    const open = await texts("danger-full-access", { TZ: "Europe/Paris" });
    expect(environment(open)).toContain("<timezone>Europe/Paris</timezone>");
    expect(environment(open)).toContain('<permission_profile type="disabled">');
    expect(permissions(open)).toBe(
      permissionsText({
        sandboxMode: "danger-full-access",
        approvalPolicy: "on-request",
        networkAccess: true,
      }),
    );
  });

  it("changes the base instructions with the personality", async () => {
    const [pragmatic, none] = await Promise.all(
      ["pragmatic", "none"].map((personality) =>
        runCtx(
          ["context", "--format", "json", "--personality", personality, "--home", home],
          repository,
        ),
      ),
    );
    const instructions = (run: { stdout: string }) =>
      (JSON.parse(run.stdout) as { instructions: string }).instructions;
    expect(pragmatic?.code).toBe(0);
    expect(none?.code).toBe(0);
    expect(instructions(pragmatic ?? { stdout: "{}" })).not.toBe(
      instructions(none ?? { stdout: "{}" }),
    );
  });

  it("warns about a model outside the catalog after the table, saying where the known ones are", async () => {
    const run = await runCtx(["context", "--model", "house-model", "--home", home], repository);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /warning: the model "house-model" is not one ctx knows, so the catalog's fallback instructions are shown for it \(ctx context --help lists the models it knows\)\n/,
    );
  });

  it("shows a folder without AGENTS.md with no such block", async () => {
    const bare = await realpath(await mkdtemp(join(tmpdir(), "ctx-bare-")));
    const run = await runCtx(["context", "--home", bare], bare);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("agents_md_instructions");
  });

  it.each([
    ["openai", toResponsesParams],
    ["openai-chat", toChatCompletionsParams],
    ["anthropic", toMessagesParams],
    ["ai-sdk", toPrompt],
  ] as const)(
    "gives with --format %s exactly what that adapter returns for the request",
    async (format, adapter) => {
      const flags = ["--sandbox", "read-only", "--home", home];
      const [json, mapped] = await Promise.all([
        runCtx(["context", "src", "--format", "json", ...flags], repository),
        runCtx(["context", "src", "--format", format, ...flags], repository),
      ]);
      expect(mapped.stderr).toBe("");
      expect(mapped.code).toBe(0);
      const request = JSON.parse(undated(json.stdout)) as ModelInput;
      const sent: unknown = JSON.parse(undated(mapped.stdout));
      expect(sent).toEqual(JSON.parse(JSON.stringify(adapter(request))));
      expect(mapped.stdout).toContain("Keep functions small.");
    },
  );

  it("names every format and its adapter function in --help", async () => {
    const run = await runCtx(["context", "--help"], repository);
    expect(run.code).toBe(0);
    for (const name of [
      "toResponsesParams",
      "toChatCompletionsParams",
      "toMessagesParams",
      "toPrompt",
    ]) {
      expect(run.stdout).toContain(name);
    }
  });
});
