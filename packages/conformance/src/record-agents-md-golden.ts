import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsMdFixtureFolder } from "./agents-md-fixtures.js";
import { agentsMdOfPromptInput } from "./agents-md-of-prompt-input.js";
import { buildTree } from "./build-tree.js";
import { codexPromptInput } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";

// Records `codex-0.169-golden.json` of @ctx/agents-md: for every folder of every fixture tree,
// at several budgets, with and without the CLAUDE.md fallback, the header folder, the length and
// the SHA-256 of the AGENTS.md text Codex 0.169 renders (not the text: the trees are fixtures).
// Run: pnpm --filter @ctx/conformance record:agents-md-golden
const trees = ["Kanbus", "codex-security", "codex-session-view", "codex-session-view-overrides"];
const budgets = [undefined, 7, 1000, 20000, 40000];
const fallbackLists: string[][] = [[], ["CLAUDE.md"]];

async function folders(root: string, within = "."): Promise<string[]> {
  const entries = await readdir(join(root, within), { withFileTypes: true });
  const below = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name !== ".git")
      .map((entry) => folders(root, within === "." ? entry.name : `${within}/${entry.name}`)),
  );
  return [within, ...below.flat()];
}

const scratch = await realpath(await mkdtemp(join(tmpdir(), "ctx-record-golden-")));
try {
  const home = join(scratch, "home");
  await mkdir(home);
  const cases: Record<string, unknown>[] = [];
  for (const tree of trees) {
    const root = join(scratch, tree);
    await buildTree(scratch, [{ path: tree, fixtureTree: tree }]);
    for (const folder of (await folders(root)).sort()) {
      for (const maxBytes of budgets) {
        for (const fallbackFilenames of fallbackLists) {
          const items = await codexPromptInput({
            cwd: join(root, folder),
            home,
            overrides: codexOverrides(
              {
                ...(maxBytes === undefined ? {} : { maxBytes }),
                ...(fallbackFilenames.length === 0 ? {} : { fallbackFilenames }),
              },
              root,
            ),
            prompt: "hi",
          });
          const found = agentsMdOfPromptInput(items, root);
          const recorded: Record<string, unknown> = {
            tree,
            cwd: folder,
            maxBytes: maxBytes ?? null,
            fallbackFilenames,
          };
          if (found === null) recorded.text = null;
          else {
            const bytes = Buffer.from(found.text, "utf8");
            recorded.directory = found.directory;
            recorded.bytes = bytes.length;
            recorded.sha256 = createHash("sha256").update(bytes).digest("hex");
          }
          cases.push(recorded);
        }
      }
    }
  }
  const document = {
    codex: "0.169.0",
    command: "codex debug prompt-input hi (HOME and CODEX_HOME set to an empty folder)",
    cases,
  };
  await writeFile(
    join(agentsMdFixtureFolder, "codex-0.169-golden.json"),
    `${JSON.stringify(document, null, 1)}\n`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}
