import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchOptions } from "@ctx/vitest-config/bench";
import { afterAll, bench, describe } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import {
  deepTree,
  deepTreeEntries,
  deepTreeLevels,
  writeDeepTree,
} from "./__fixtures__/deep-tree.js";
import { nodeModes } from "./__fixtures__/node-modes.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { createNodeFileSystem } from "./node/node-file-system.js";
import {
  blockingFunctions,
  callbackFunctions,
  functionNames,
  type NodeFileSystemFunctions,
} from "./node/node-functions.js";

const tree = deepTree();
const memory = createMemoryFileSystem(deepTreeEntries(tree, "/repo"));
const scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-bench-")));
await writeDeepTree(tree, scratch);

/** `base` counting every call it gets, descriptor calls included. */
function countingNodeFunctions(base: NodeFileSystemFunctions) {
  let calls = 0;
  const functions = { ...base };
  for (const name of functionNames) {
    const call = base[name] as (...values: unknown[]) => unknown;
    Object.assign(functions, {
      [name]: (...values: unknown[]) => {
        calls += 1;
        return call(...values);
      },
    });
  }
  return { functions, calls: () => calls };
}

/** How many calls one discovery on `fs` below `root` makes through the interface. */
async function describeCalls(fs: AgentsMdFileSystem, root: string): Promise<string> {
  const counted = createCountingFileSystem(fs);
  const loaded = await discoverAgentsMd({ cwd: `${root}/${tree.cwd}`, fs: counted });
  if (loaded.entries.length !== tree.filesOnPath) {
    throw new Error("the bench tree is not what it should be");
  }
  return `${counted.count()} calls: ${counted.count("realpath")} realpath, ${counted.count("stat")} stat, ${counted.count("readdir")} readdir, ${counted.count("open")} open`;
}

const memoryCalls = await describeCalls(memory, "/repo");
const nodeSides = await Promise.all(
  nodeModes.map(async ({ mode, blocking }) => {
    const counting = countingNodeFunctions(blocking ? blockingFunctions() : callbackFunctions());
    const calls = await describeCalls(
      createNodeFileSystem({ functions: counting.functions }),
      scratch,
    );
    return {
      mode,
      fs: createNodeFileSystem({ blocking }),
      calls: `${calls}; ${counting.calls()} node:fs calls`,
    };
  }),
);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe(`discoverAgentsMd, cwd ${deepTreeLevels} levels deep, ${tree.filesOnPath} AGENTS.md on the path, ${tree.decoys} beside it`, () => {
  bench(
    `in-memory file system (${memoryCalls})`,
    async () => {
      await discoverAgentsMd({ cwd: `/repo/${tree.cwd}`, fs: memory });
    },
    benchOptions(),
  );

  for (const side of nodeSides) {
    bench(
      `Node file system, ${side.mode} calls, ${tmpdir()} (${side.calls})`,
      async () => {
        await discoverAgentsMd({ cwd: join(scratch, tree.cwd), fs: side.fs });
      },
      benchOptions(),
    );
  }
});
