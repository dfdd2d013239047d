import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { agentsTreePath } from "@ctx/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import golden from "./__fixtures__/codex-0.169-golden.json" with { type: "json" };
import probes from "./__fixtures__/codex-0.169-probes.json" with { type: "json" };
import { nodeModes } from "./__fixtures__/node-modes.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

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

describe.each(nodeModes)(
  "discoverAgentsMd on real trees, against Codex 0.169, $mode calls",
  ({ blocking }) => {
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
        fs: createNodeFileSystem({ blocking }),
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
  },
);

interface ProbeEntry {
  readonly path: string;
  readonly kind: string;
  readonly base64?: string;
  readonly target?: string;
}

interface ProbeCase {
  readonly name: string;
  readonly tree: readonly ProbeEntry[];
  readonly cwd: string;
  readonly options: {
    readonly home?: string;
    readonly maxBytes?: number;
    readonly fallbackFilenames?: readonly string[];
    readonly rootMarkers?: readonly string[];
  };
  readonly text: string | null;
  readonly directory: string | null;
}

/** Where @ctx/agents-md means to differ from Codex 0.169, and what it gives instead. */
const deliberateDifferences: Record<string, { text: string; directory: string }> = {
  // Codex drops every project file of the environment when a candidate is a symlink loop; we
  // warn and go on with the next candidate name.
  "symlink loop as override": { text: "root\n\na-doc", directory: "p/a" },
};

async function build(base: string, tree: readonly ProbeEntry[]): Promise<void> {
  for (const entry of tree) {
    const path = join(base, entry.path);
    await mkdir(dirname(path), { recursive: true });
    if (entry.kind === "file") await writeFile(path, Buffer.from(entry.base64 ?? "", "base64"));
    else if (entry.kind === "directory") await mkdir(path, { recursive: true });
    else if (entry.kind === "symlink") await symlink(entry.target ?? "", path);
    else if (entry.kind === "fifo") execFileSync("mkfifo", [path]);
  }
}

describe.skipIf(process.platform === "win32").each(nodeModes)(
  "discoverAgentsMd on probe trees, against Codex 0.169, $mode calls",
  ({ blocking }) => {
    it.each((probes.cases as readonly ProbeCase[]).map((probe) => [probe.name, probe] as const))(
      "renders what Codex rendered: %s",
      async (_, probe) => {
        const base = await realpath(await mkdtemp(join(tmpdir(), "agents-md-probe-")));
        try {
          await build(base, probe.tree);
          const { home, ...options } = probe.options;
          const loaded = await discoverAgentsMd({
            fs: createNodeFileSystem({ blocking }),
            cwd: join(base, probe.cwd),
            ...options,
            ...(home === undefined ? {} : { home: join(base, home) }),
          });
          const expected = deliberateDifferences[probe.name] ?? {
            text: probe.text ?? "",
            directory: probe.directory,
          };
          expect({
            text: loaded.text(),
            directory: loaded.directory === null ? null : relative(base, loaded.directory),
          }).toEqual(expected);
        } finally {
          await rm(base, { recursive: true, force: true });
        }
      },
    );
  },
);
