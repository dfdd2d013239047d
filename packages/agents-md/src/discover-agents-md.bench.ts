import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchOptions } from "@ctx/vitest-config/bench";
import { afterAll, bench, describe } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { createMemoryFileSystem, type MemoryEntry } from "./memory-file-system.js";
import { createNodeFileSystem } from "./node/node-file-system.js";
import {
  callbackFunctions,
  functionNames,
  type NodeFileSystemFunctions,
} from "./node/node-functions.js";

const levels = 40;
const every = 5;

/** The relative folders of a tree 40 levels below its root, and which of them hold AGENTS.md. */
function deepTree(): { folders: string[]; withFile: Set<string> } {
  const folders = [""];
  for (let level = 1; level <= levels; level += 1) folders.push(`${folders[level - 1]}/d${level}`);
  const withFile = new Set(folders.filter((_, level) => level % every === 0));
  return { folders, withFile };
}

const { folders, withFile } = deepTree();
const deepest = folders[levels] ?? "";

const memoryEntries: Record<string, MemoryEntry> = { "/repo/.git": { directory: true } };
for (const folder of withFile)
  memoryEntries[`/repo${folder}/AGENTS.md`] = `rules for ${folder || "/"}\n`;
const memory = createMemoryFileSystem(memoryEntries);

const scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-bench-")));
await mkdir(join(scratch, deepest), { recursive: true });
await mkdir(join(scratch, ".git"));
for (const folder of withFile)
  await writeFile(join(scratch, folder, "AGENTS.md"), `rules for ${folder || "/"}\n`);

/** The callback functions of `node:fs`, counting every call they get, descriptor calls included. */
function countingNodeFunctions(): { functions: NodeFileSystemFunctions; calls: () => number } {
  let calls = 0;
  const functions = { ...callbackFunctions() };
  for (const name of functionNames) {
    const call = functions[name] as (...values: unknown[]) => unknown;
    Object.assign(functions, {
      [name]: (...values: unknown[]) => {
        calls += 1;
        return call(...values);
      },
    });
  }
  return { functions, calls: () => calls };
}

/** How many calls one discovery makes: through the interface, and into `node:fs`. */
async function countCalls(): Promise<{ memory: string; node: string }> {
  const countingMemory = createCountingFileSystem(memory);
  await discoverAgentsMd({ cwd: `/repo${deepest}`, fs: countingMemory });
  const nodeFunctions = countingNodeFunctions();
  const countingNode = createCountingFileSystem(
    createNodeFileSystem({ functions: nodeFunctions.functions }),
  );
  const loaded = await discoverAgentsMd({ cwd: join(scratch, deepest), fs: countingNode });
  if (loaded.entries.length !== withFile.size)
    throw new Error("the bench tree is not what it should be");
  const describeCalls = (fs: typeof countingMemory) =>
    `${fs.count()} calls: ${fs.count("realpath")} realpath, ${fs.count("stat")} stat, ${fs.count("readdir")} readdir, ${fs.count("open")} open`;
  return {
    memory: describeCalls(countingMemory),
    node: `${describeCalls(countingNode)}; ${nodeFunctions.calls()} node:fs calls`,
  };
}

const counts = await countCalls();
const nodeFileSystem = createNodeFileSystem();

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe(`discoverAgentsMd, cwd ${levels} levels deep, AGENTS.md every ${every}th level (${withFile.size} files)`, () => {
  bench(
    `in-memory file system (${counts.memory})`,
    async () => {
      await discoverAgentsMd({ cwd: `/repo${deepest}`, fs: memory });
    },
    benchOptions(),
  );

  bench(
    `Node file system, ${tmpdir()} (${counts.node})`,
    async () => {
      await discoverAgentsMd({ cwd: join(scratch, deepest), fs: nodeFileSystem });
    },
    benchOptions(),
  );
});
