import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
    const change = JSON.parse(run.stdout) as {
      resent: { type: string; role: string; content: { text: string }[] }[];
      cacheBreak?: string;
    };
    expect(change.cacheBreak).toBeUndefined();
    expect(change.resent).toHaveLength(1);
    expect(change.resent[0]?.role).toBe("developer");
    expect(change.resent[0]?.content[0]?.text).toMatch(/^<model_switch>/);
  });

  it("names the file and the field of a settings file that does not fit", async () => {
    const misspelt = await runCtx(["diff", "base.json", "misspelt.json"], folder);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr.trim()).toBe(
      `ctx: ${join(folder, "misspelt.json")}: invalid turn context: modle: unknown field`,
    );
    const broken = await runCtx(["diff", "broken.json", "base.json"], folder);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^ctx: .*broken\.json is not JSON: /);
    expect(broken.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("needs both files: a usage error", async () => {
    const run = await runCtx(["diff", "base.json"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required argument 'AFTER'");
  });
});
