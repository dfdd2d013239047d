import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { agentsTreePath } from "@ctx/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import golden from "./__fixtures__/codex-0.169-golden.json" with { type: "json" };
import { discoverAgentsMd } from "./discover-agents-md.js";

interface GoldenCase {
  readonly tree: string;
  readonly cwd: string;
  readonly maxBytes: number | null;
  readonly fallbackFilenames: readonly string[];
  readonly directory?: string;
  readonly bytes?: number;
  readonly sha256?: string;
}

const cases = golden.cases as readonly GoldenCase[];
const trees = [...new Set(cases.map((entry) => entry.tree))];
const roots = new Map<string, string>();
let scratch = "";

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-codex-")));
  for (const tree of trees) {
    const root = join(scratch, tree);
    await cp(agentsTreePath(tree), root, { recursive: true });
    await mkdir(join(root, ".git"));
    roots.set(tree, root);
  }
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("discoverAgentsMd on real trees, against Codex 0.169", () => {
  it("has recorded cases for every fixture tree, some of them cut by the budget", () => {
    expect(trees.sort()).toEqual([
      "Kanbus",
      "codex-security",
      "codex-session-view",
      "codex-session-view-overrides",
    ]);
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(
    cases.map(
      (entry) =>
        [
          `${entry.tree}/${entry.cwd} budget ${entry.maxBytes ?? "default"}${entry.fallbackFilenames.length > 0 ? ` fallback ${entry.fallbackFilenames.join(",")}` : ""}`,
          entry,
        ] as const,
    ),
  )("renders the text Codex rendered: %s", async (_, entry) => {
    const root = roots.get(entry.tree) ?? "";
    const loaded = await discoverAgentsMd({
      cwd: join(root, entry.cwd),
      fallbackFilenames: entry.fallbackFilenames,
      ...(entry.maxBytes === null ? {} : { maxBytes: entry.maxBytes }),
    });
    const bytes = Buffer.from(loaded.text(), "utf8");
    expect({
      directory: loaded.directory === null ? undefined : relative(root, loaded.directory) || ".",
      bytes: loaded.isEmpty() ? undefined : bytes.length,
      sha256: loaded.isEmpty() ? undefined : createHash("sha256").update(bytes).digest("hex"),
    }).toEqual({ directory: entry.directory, bytes: entry.bytes, sha256: entry.sha256 });
  });
});
