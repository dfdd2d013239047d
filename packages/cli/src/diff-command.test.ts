import { cp, mkdir, mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsTreePath } from "@ctx/fixtures";
import { cacheMissDollars, defaultModelCatalog } from "@ctx/prompts";
import { beforeAll, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-diff-")));
  const settings = {
    base: {
      personality: "pragmatic",
      permissions: { sandboxMode: "workspace-write", approvalPolicy: "on-request" },
    },
    stricter: {
      personality: "friendly",
      permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
    },
    switched: {
      model: "gpt-5",
      personality: "pragmatic",
      permissions: { sandboxMode: "workspace-write", approvalPolicy: "on-request" },
    },
    misspelt: { modle: "gpt-5" },
  };
  for (const [name, value] of Object.entries(settings)) {
    await writeFile(join(folder, `${name}.json`), JSON.stringify(value));
  }
  await writeFile(join(folder, "broken.json"), "{ model: ");
});

interface ResentJson {
  resent: { type: string; role: string; content: { text: string }[] }[];
  cacheBreak?: string;
}

describe("ctx diff", () => {
  it("re-sends the personality and the permissions when both change, keeping the cached prefix", async () => {
    const run = await runCtx(["diff", "base.json", "stricter.json"], folder);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("re-sends 2 block(s)");
    expect(run.stdout).toMatch(/1\s+developer\s+personality_spec/);
    expect(run.stdout).toMatch(/2\s+developer\s+permissions_instructions/);
  });

  it("re-sends nothing when the settings are the same", async () => {
    const run = await runCtx(["diff", "base.json", "base.json"], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Nothing is re-sent: the second turn adds only the user's message.\n");
  });

  it("gives the re-sent items as JSON, the model switch among them", async () => {
    const run = await runCtx(["diff", "base.json", "switched.json", "--format", "json"], folder);
    expect(run.code).toBe(0);
    const change = JSON.parse(run.stdout) as ResentJson;
    expect(change.cacheBreak).toBeUndefined();
    expect(change.resent).toHaveLength(1);
    expect(change.resent[0]?.role).toBe("developer");
    expect(change.resent[0]?.content[0]?.text).toMatch(/^<model_instructions>/);
  });

  it("names the file and the field of a settings file that does not fit", async () => {
    const misspelt = await runCtx(["diff", "base.json", "misspelt.json"], folder);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr.trim()).toBe(
      `error: ${join(folder, "misspelt.json")}: invalid turn context: modle: unknown field`,
    );
    const broken = await runCtx(["diff", "broken.json", "base.json"], folder);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^error: .*broken\.json is not JSON: /);
    expect(broken.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("needs a second turn, a file or a --to: a usage error", async () => {
    const run = await runCtx(["diff", "base.json"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "error: nothing changes between the turns: give AFTER, or at least one --to KEY=VALUE\n",
    );
  });
});

describe("ctx diff from flags", () => {
  it("compares two turns given by flags alone", async () => {
    const run = await runCtx(
      [
        "diff",
        "--from",
        "sandbox=read-only",
        "--to",
        "sandbox=workspace-write",
        "--to",
        "approval=never",
        "--format",
        "json",
      ],
      folder,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const change = JSON.parse(run.stdout) as ResentJson;
    expect(change.resent).toHaveLength(1);
    const text = change.resent[0]?.content[0]?.text ?? "";
    expect(text).toMatch(/^<permissions instructions>/);
    expect(text).toContain("workspace-write");
    expect(text).not.toContain("read-only");
  });

  it("lays --to over a settings file the same as a second file would", async () => {
    const [files, mixed] = await Promise.all([
      runCtx(["diff", "base.json", "stricter.json", "--format", "json"], folder),
      runCtx(
        [
          "diff",
          "base.json",
          "--to",
          "personality=friendly",
          "--to",
          "sandbox=read-only",
          "--to",
          "approval=never",
          "--format",
          "json",
        ],
        folder,
      ),
    ]);
    expect(mixed.code).toBe(0);
    expect((JSON.parse(mixed.stdout) as ResentJson).resent).toHaveLength(2);
    expect(mixed.stdout).toBe(files.stdout);
  });

  it("lays --from over BEFORE and --to over AFTER", async () => {
    const run = await runCtx(
      [
        "diff",
        "stricter.json",
        "base.json",
        "--from",
        "personality=pragmatic",
        "--to",
        "approval=never",
      ],
      folder,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("re-sends 1 block(s)");
    expect(run.stdout).toMatch(/1\s+developer\s+permissions_instructions/);
  });

  it("resolves cwd against the current folder and re-sends the environment", async () => {
    await mkdir(join(folder, "sub"), { recursive: true });
    const run = await runCtx(["diff", "--to", "cwd=sub", "--format", "json"], folder);
    expect(run.code).toBe(0);
    const change = JSON.parse(run.stdout) as ResentJson;
    expect(change.resent.map((item) => item.role)).toEqual(["user"]);
    expect(change.resent[0]?.content[0]?.text).toContain(`<cwd>${join(folder, "sub")}</cwd>`);
  });

  it.each([
    [
      ["--to", "sandbx=read-only"],
      'error: --to sandbx=read-only: unknown key "sandbx" (known: model, personality, sandbox, approval, network, cwd)',
    ],
    [
      ["--from", "sandbox=wide-open", "--to", "sandbox=read-only"],
      "error: --from sandbox=wide-open: sandbox takes read-only, workspace-write, danger-full-access",
    ],
    [["--to", "network=yes"], "error: --to network=yes: network takes on, off"],
    [["--to", "read-only"], "error: --to read-only: expected KEY=VALUE, such as sandbox=read-only"],
  ])("refuses %j in one line with exit code 2", async (flags, message) => {
    const run = await runCtx(["diff", "base.json", ...flags], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`${message}\n`);
  });
});

describe("ctx diff and AGENTS.md", () => {
  it("refuses a cwd that does not exist in one line, exit code 1", async () => {
    const run = await runCtx(["diff", "--to", "cwd=nowhere"], folder);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: the folder ${join(folder, "nowhere")} does not exist\n`);
  });

  it("re-sends both AGENTS.md files when the cwd moves into a folder that has its own", async () => {
    const tree = join(folder, "codex-security");
    await cp(agentsTreePath("codex-security"), tree, { recursive: true });
    await mkdir(join(tree, ".git"));
    const run = await runCtx(
      ["diff", "--from", "cwd=codex-security/sdk", "--to", "cwd=codex-security/sdk/typescript"],
      folder,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\s+user\s+agents_md_instructions\s+\d+\s+\d+\s/);
    // The sources column names both files the re-sent block holds, the root's first.
    const row = run.stdout.split("\n").find((line) => line.includes("agents_md_instructions"));
    expect(row?.trimEnd()).toMatch(
      new RegExp(`\\s${join(tree, "AGENTS.md")}, ${join(tree, "sdk/typescript/AGENTS.md")}$`),
    );
    expect(run.stdout).toMatch(/\s+user\s+environment_context\s+\d+\s+\d+/);
    const json = await runCtx(
      [
        "diff",
        "--from",
        "cwd=codex-security/sdk",
        "--to",
        "cwd=codex-security/sdk/typescript",
        "--format",
        "json",
      ],
      folder,
    );
    const change = JSON.parse(json.stdout) as ResentJson;
    const texts = change.resent.flatMap((item) => item.content.map((part) => part.text));
    const agents = texts.find((text) => text.startsWith("# AGENTS.md instructions")) ?? "";
    for (const file of ["AGENTS.md", "sdk/typescript/AGENTS.md"]) {
      const rules = (await readFile(join(tree, file), "utf8")).trim().split("\n")[0] ?? "";
      expect(agents).toContain(rules);
    }
  });
});

describe("ctx diff's cache ledger", () => {
  it("says what a model switch puts at stake in the cache, priced from the catalog", async () => {
    const args = ["diff", "--from", "model=gpt-5.6-luna", "--to", "model=gpt-6.2-sol"];
    const json = await runCtx([...args, "--format", "json"], folder);
    expect(json.code).toBe(0);
    const { cachePrediction } = JSON.parse(json.stdout) as {
      cachePrediction?: {
        breaks: { cause: string }[];
        tokens: number;
        dollars?: number;
        pricingSource?: string;
      };
    };
    const pricing = defaultModelCatalog.get("gpt-6.2-sol").pricing;
    if (cachePrediction === undefined || pricing === undefined) {
      throw new Error("expected a prediction at a priced model");
    }
    expect(cachePrediction.breaks.map((loss) => loss.cause)).toContain("model");
    expect(cachePrediction.tokens).toBeGreaterThan(1_000);
    expect(cachePrediction.dollars).toBeCloseTo(cacheMissDollars(pricing, cachePrediction.tokens));
    const text = await runCtx(args, folder);
    expect(text.stdout).toContain("gpt-5.6-luna to gpt-6.2-sol");
    expect(text.stdout).toContain(
      `At stake in the cache (${cachePrediction.breaks.map((loss) => loss.cause).join(", ")}): ${cachePrediction.tokens.toLocaleString("en-US")} tokens of the first turn's prompt, $${cachePrediction.dollars?.toFixed(4)} beyond a cache read (prices from ${pricing.source.url}).`,
    );
  });
});
