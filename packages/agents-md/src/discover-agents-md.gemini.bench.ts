import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
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
import { discoverAgentsMd } from "./discover-agents-md.js";
import { createNodeFileSystem } from "./node/node-file-system.js";

// The tree of issue 17: a working directory 40 levels below the root, an AGENTS.md every fifth
// level on the way (8), 8 empty sibling folders per level, and 10 decoy AGENTS.md files in them.
const levels = 40;
const scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-gemini-bench-")));
const path = ["d1"];
for (let level = 2; level <= levels; level += 1) path.push(`d${level}`);
const cwd = join(scratch, ...path);
await mkdir(cwd, { recursive: true });
await mkdir(join(scratch, ".git"));
let folders = levels + 1;
let decoys = 0;
for (let level = 0; level < levels; level += 1) {
  const here = join(scratch, ...path.slice(0, level));
  for (let sibling = 0; sibling < 8; sibling += 1) {
    const folder = join(here, `s${sibling}`);
    await mkdir(folder);
    folders += 1;
    if (decoys < 10 && sibling === 0 && level % 4 === 0) {
      await writeFile(join(folder, "AGENTS.md"), `decoy ${level}\n`);
      decoys += 1;
    }
  }
  if (level > 0 && level % 5 === 0) await writeFile(join(here, "AGENTS.md"), `rules ${level}\n`);
}
await writeFile(join(cwd, "AGENTS.md"), `rules ${levels}\n`);

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

/** Our discovery on a Node file system made for it, which sees `node:fs` as it is now (patched to count calls, say). */
async function ours(): Promise<number> {
  return (await discoverAgentsMd({ cwd, fs: createNodeFileSystem() })).entries.length;
}

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

function quantile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.round((sorted.length - 1) * at)] ?? Number.NaN;
}

/**
 * Rounds of `batch` discoveries a side, the two sides alternating which goes first: each side's
 * median time per discovery, and the median and quartiles of the ratio within each round (both
 * sides of a round see the same load, so the ratio holds steadier than either time).
 */
async function interleaved(rounds: number, batch: number) {
  const times = { gemini: [] as number[], ours: [] as number[] };
  const ratios: number[] = [];
  const sides = [
    ["gemini", gemini],
    ["ours", ours],
  ] as const;
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const [name, run] of order) {
      const start = performance.now();
      for (let index = 0; index < batch; index += 1) await run();
      times[name].push((performance.now() - start) / batch);
    }
    ratios.push((times.ours.at(-1) ?? Number.NaN) / (times.gemini.at(-1) ?? Number.NaN));
  }
  return {
    gemini: quantile(times.gemini, 0.5),
    ours: quantile(times.ours, 0.5),
    ratio: {
      low: quantile(ratios, 0.25),
      median: quantile(ratios, 0.5),
      high: quantile(ratios, 0.75),
    },
  };
}

const found = { gemini: await gemini(), ours: await ours() };
if (found.ours !== 8 || found.gemini !== 8) {
  throw new Error(`the bench tree is not what it should be: ${JSON.stringify(found)}`);
}
const countingFs = createCountingFileSystem(createNodeFileSystem());
await discoverAgentsMd({ cwd, fs: countingFs });
const calls = {
  gemini: await countFsCalls(gemini),
  ours: await countFsCalls(ours),
  interface: `${countingFs.count()} (${countingFs.count("realpath")} realpath, ${countingFs.count("stat")} stat, ${countingFs.count("readdir")} readdir, ${countingFs.count("open")} open)`,
};
// 61 timed rounds of 10 after 5 to warm up; one round of one in a quick run.
const rounds = benchSize(61, 1);
const batch = benchSize(10, 1);
await interleaved(benchSize(5, 0), batch);
const timing = await interleaved(rounds, batch);
const { ratio } = timing;
process.stdout.write(
  `${[
    `tree: ${folders} folders, cwd ${levels} levels deep, 8 AGENTS.md on the path, ${decoys} decoys`,
    `gemini-cli-core 0.61.0: median ${timing.gemini.toFixed(3)} ms per discovery, ${calls.gemini} node:fs calls`,
    `@ctx/agents-md:         median ${timing.ours.toFixed(3)} ms per discovery, ${calls.ours} node:fs calls; ${calls.interface} file-system calls`,
    "(node:fs calls: a readFile is one call; an open file's fstat, read and close are one each)",
    `ratio @ctx / gemini: ${(timing.ours / timing.gemini).toFixed(2)} of the medians; per round ${ratio.median.toFixed(2)} (quartiles ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}), ${rounds} interleaved rounds of ${batch}`,
  ].join("\n")}\n`,
);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe(`discovery ${levels} levels deep, against gemini-cli-core 0.61.0 (ratio printed above)`, () => {
  bench(
    "gemini-cli-core: getEnvironmentMemoryPaths + readGeminiMdFiles",
    async () => {
      await gemini();
    },
    benchOptions(),
  );

  bench(
    "@ctx/agents-md: discoverAgentsMd",
    async () => {
      await ours();
    },
    benchOptions(),
  );
});
