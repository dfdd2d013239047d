import { mkdtemp, realpath, rm } from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { setGeminiMdFilename } from "@google/gemini-cli-core/dist/src/tools/memoryTool.js";
import {
  getEnvironmentMemoryPaths,
  readGeminiMdFiles,
} from "@google/gemini-cli-core/dist/src/utils/memoryDiscovery.js";
import { afterAll, bench, describe } from "vitest";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { deepTree, deepTreeLevels, writeDeepTree } from "./__fixtures__/deep-tree.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

// The tree of issue 17: cwd 40 levels below the root, 8 AGENTS.md on the way, 10 decoys beside it.
const tree = deepTree();
const scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-gemini-bench-")));
const cwd = join(scratch, tree.cwd);
await writeDeepTree(tree, scratch);

// gemini-cli-core looks for its own name; add ours, as a user pointing it at AGENTS.md would.
setGeminiMdFilename("AGENTS.md");
// Its discovery logs each step with console.debug, which its CLI routes to a debug drawer; keep
// the bench's output (and its time) to the discovery itself.
console.debug = () => undefined;

async function gemini(): Promise<number> {
  const paths = await getEnvironmentMemoryPaths([cwd], [".git"]);
  const files = await readGeminiMdFiles(paths, "tree", [".git"]);
  return files.filter((file) => file.content !== null).length;
}

/**
 * Our discovery on a Node file system made for it (so it sees `node:fs` as it is now, patched to
 * count calls, say), making its calls with the callback or the blocking functions of `node:fs`.
 */
function ours(blocking: boolean): () => Promise<number> {
  return async () =>
    (await discoverAgentsMd({ cwd, fs: createNodeFileSystem({ blocking }) })).entries.length;
}

const sides = { gemini, callback: ours(false), blocking: ours(true) };
type Side = keyof typeof sides;
const names = Object.keys(sides) as Side[];

/** `value` counting each call into `counter`, with its function-valued members (`realpath.native`) counted too. */
function counting(value: unknown, counter: { calls: number }): unknown {
  if (typeof value !== "function") return value;
  const call = value as (...values: unknown[]) => unknown;
  const wrapper = function (this: unknown, ...values: unknown[]) {
    counter.calls += 1;
    return call.apply(this, values);
  };
  for (const [name, member] of Object.entries(value)) {
    Object.assign(wrapper, { [name]: counting(member, counter) });
  }
  return wrapper;
}

/** Counts the calls into `node:fs/promises` and `node:fs` while `run` runs. */
async function countFsCalls(run: () => Promise<unknown>): Promise<number> {
  const require = createRequire(import.meta.url);
  const modules = [require("node:fs/promises"), require("node:fs")] as Record<string, unknown>[];
  const originals = new Map<Record<string, unknown>, Map<string, unknown>>();
  const counter = { calls: 0 };
  for (const module of modules) {
    const saved = new Map<string, unknown>();
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== "function" || /^[A-Z]/.test(name)) continue;
      saved.set(name, value);
      module[name] = counting(value, counter);
    }
    originals.set(module, saved);
  }
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    for (const [module, saved] of originals)
      for (const [name, value] of saved) module[name] = value;
    syncBuiltinESMExports();
  }
  return counter.calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * One interleaved run: `rounds` rounds of `batch` discoveries a side, the side going first
 * turning each round. Its ratio for each of our modes is the median, over the rounds, of our
 * time over gemini-cli-core's in the same round (the sides of a round see the same load, so the
 * ratio holds steadier than either time); with each side's median time per discovery.
 */
async function interleavedRun(rounds: number, batch: number) {
  const times: Record<Side, number[]> = { gemini: [], callback: [], blocking: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    for (const name of order) {
      const start = performance.now();
      for (let index = 0; index < batch; index += 1) await sides[name]();
      times[name].push((performance.now() - start) / batch);
    }
  }
  const ratio = (name: Side) =>
    median(times[name].map((time, round) => time / (times.gemini[round] ?? Number.NaN)));
  return {
    median: {
      gemini: median(times.gemini),
      callback: median(times.callback),
      blocking: median(times.blocking),
    },
    ratio: { callback: ratio("callback"), blocking: ratio("blocking") },
  };
}

for (const [name, run] of Object.entries(sides)) {
  const found = await run();
  if (found !== tree.filesOnPath)
    throw new Error(`the bench tree is not what it should be: ${name} found ${found}`);
}
const interfaceCalls = async (blocking: boolean) => {
  const counted = createCountingFileSystem(createNodeFileSystem({ blocking }));
  await discoverAgentsMd({ cwd, fs: counted });
  return `${counted.count()} (${counted.count("realpath")} realpath, ${counted.count("stat")} stat, ${counted.count("readdir")} readdir, ${counted.count("open")} open)`;
};
const calls = {
  gemini: await countFsCalls(gemini),
  callback: await countFsCalls(sides.callback),
  blocking: await countFsCalls(sides.blocking),
  interface: await interfaceCalls(false),
  blockingInterface: await interfaceCalls(true),
};
// 10 timed runs of 6 rounds of 10 after one to warm up; one run of one round of one in a quick run.
const runs = benchSize(10, 1);
const rounds = benchSize(6, 1);
const batch = benchSize(10, 1);
await interleavedRun(rounds, batch);
const results: Awaited<ReturnType<typeof interleavedRun>>[] = [];
for (let run = 0; run < runs; run += 1) results.push(await interleavedRun(rounds, batch));
const goal = 0.25;
const milliseconds = (name: Side) =>
  median(results.map((result) => result.median[name])).toFixed(3);
const perRun = (mode: "callback" | "blocking") => {
  const ratios = results.map((result) => result.ratio[mode]);
  const met = ratios.filter((ratio) => ratio <= goal).length;
  return `${mode.padEnd(8)} ${ratios.map((ratio) => ratio.toFixed(2)).join(" ")}: ${met} of ${runs} at or under ${goal}`;
};
process.stdout.write(
  `${[
    `tree: ${tree.folderCount} folders, cwd ${deepTreeLevels} levels deep, ${tree.filesOnPath} AGENTS.md on the path, ${tree.decoys} decoys`,
    `gemini-cli-core 0.61.0:            median ${milliseconds("gemini")} ms per discovery, ${calls.gemini} node:fs calls`,
    `@ctx/agents-md, callback node:fs:  median ${milliseconds("callback")} ms per discovery, ${calls.callback} node:fs calls; ${calls.interface} file-system calls`,
    `@ctx/agents-md, blocking: true:    median ${milliseconds("blocking")} ms per discovery, ${calls.blocking} node:fs calls; ${calls.blockingInterface} file-system calls`,
    "(node:fs calls: a readFile is one call; an open file's fstat, read and close are one each)",
    `ratio @ctx / gemini in each of ${runs} interleaved runs (the median over ${rounds} rounds of ${batch} discoveries a side of the ratio within a round):`,
    `  ${perRun("callback")}`,
    `  ${perRun("blocking")}`,
  ].join("\n")}\n`,
);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe(`discovery ${deepTreeLevels} levels deep, against gemini-cli-core 0.61.0 (ratio printed above)`, () => {
  bench(
    "gemini-cli-core: getEnvironmentMemoryPaths + readGeminiMdFiles",
    async () => {
      await gemini();
    },
    benchOptions(),
  );

  bench(
    "@ctx/agents-md: discoverAgentsMd, callback node:fs",
    async () => {
      await sides.callback();
    },
    benchOptions(),
  );

  bench(
    "@ctx/agents-md: discoverAgentsMd, createNodeFileSystem({ blocking: true })",
    async () => {
      await sides.blocking();
    },
    benchOptions(),
  );
});
