import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { agentsMdFixtureFolder } from "./agents-md-fixtures.js";
import { agentsMdOfPromptInput } from "./agents-md-of-prompt-input.js";
import { buildTree } from "./build-tree.js";
import { codexPromptInput } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";
import type { TreeEntry } from "./scenario.js";

// Records `codex-0.169-probes.json` of @ctx/agents-md again: its small trees (each probing one
// discovery rule) stay as they are, and what Codex 0.169 renders for each is asked anew.
// Run: pnpm --filter @ctx/conformance record:agents-md-probes
const probeSchema = z.object({
  name: z.string(),
  tree: z.array(
    z.object({
      path: z.string(),
      kind: z.enum(["file", "directory", "symlink", "fifo"]),
      base64: z.string().optional(),
      target: z.string().optional(),
    }),
  ),
  cwd: z.string(),
  options: z.object({
    home: z.string().optional(),
    maxBytes: z.number().optional(),
    fallbackFilenames: z.array(z.string()).optional(),
    rootMarkers: z.array(z.string()).optional(),
  }),
});
const path = join(agentsMdFixtureFolder, "codex-0.169-probes.json");
const probes = z
  .object({ cases: z.array(probeSchema) })
  .parse(JSON.parse(await readFile(path, "utf8"))).cases;

function toEntry(entry: z.infer<typeof probeSchema>["tree"][number]): TreeEntry {
  if (entry.kind === "file") return { path: entry.path, base64: entry.base64 ?? "" };
  if (entry.kind === "directory") return { path: entry.path, directory: true };
  if (entry.kind === "fifo") return { path: entry.path, fifo: true };
  return { path: entry.path, symlink: entry.target ?? "" };
}

const cases: Record<string, unknown>[] = [];
for (const probe of probes) {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), "ctx-record-probe-")));
  try {
    const base = join(scratch, "base");
    await mkdir(base);
    await buildTree(base, probe.tree.map(toEntry));
    const { home, ...settings } = probe.options;
    const homeFolder = home === undefined ? join(scratch, "home") : join(base, home);
    await mkdir(homeFolder, { recursive: true });
    const items = await codexPromptInput({
      cwd: join(base, probe.cwd),
      home: homeFolder,
      overrides: codexOverrides(settings, base),
      prompt: "hi",
    });
    const found = agentsMdOfPromptInput(items, base);
    cases.push({
      ...probe,
      text: found?.text ?? null,
      directory: found?.directory ?? null,
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
await writeFile(
  path,
  `${JSON.stringify({ codex: "0.169.0", command: "codex debug prompt-input hi", cases }, null, 1)}\n`,
);
