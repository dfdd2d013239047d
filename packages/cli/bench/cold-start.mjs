// What a cold start costs, in CPU time against a bare `node -e 0` measured just before it (paired
// runs, so the machine's load weighs on both alike): `ctx --version`, `ctx context` on a small
// repository, and a library user's `import("@ctx/session")`, all on the built code; the same
// import followed by `loadDefaultTokenizer()`, which reads the packed o200k_base table that
// `ctx context` counts tokens with; and, for scale, `import("zod")`, which every package imports
// and no code of ours decides.
//
//   pnpm bench --filter=@ctx/cli                    20 pairs of each (turbo builds dist first)
//   CTX_BENCH_QUICK=1 pnpm bench --filter=@ctx/cli  one pair of each
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchSize } from "@ctx/vitest-config/bench";

const pairs = benchSize(20, 1);
const here = fileURLToPath(new URL(".", import.meta.url));
const bin = join(here, "../dist/bin.js");
const sessionPackage = join(here, "../../session");
const scratch = mkdtempSync(join(tmpdir(), "ctx-cold-start-"));
const repository = join(scratch, "repo");
execFileSync("git", ["init", "--quiet", repository]);
writeFileSync(join(repository, "AGENTS.md"), "Run the tests before committing.\n");
const cpuFile = join(scratch, "cpu.json");

/** The CPU milliseconds (user + system) of one `node` process run with `args` in `cwd`. */
function cpuOf(args, cwd) {
  execFileSync(process.execPath, ["--import", join(here, "report-cpu.mjs"), ...args], {
    cwd,
    stdio: "ignore",
    env: { ...process.env, HOME: repository, CTX_BENCH_CPU_FILE: cpuFile },
  });
  const { user, system } = JSON.parse(readFileSync(cpuFile, "utf8"));
  return (user + system) / 1000;
}

const cases = [
  ["ctx --version", [bin, "--version"], repository],
  ["ctx context (a small repository)", [bin, "context", "--home", repository], repository],
  [
    'import("@ctx/session") (built)',
    ["--input-type=module", "-e", 'await import("@ctx/session")'],
    sessionPackage,
  ],
  ['import("zod") alone', ["--input-type=module", "-e", 'await import("zod")'], sessionPackage],
  [
    'import("@ctx/session") + loadDefaultTokenizer() (built)',
    ["--input-type=module", "-e", 'await (await import("@ctx/session")).loadDefaultTokenizer()'],
    sessionPackage,
  ],
];

const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

console.log(`cold start, CPU ms (median of ${pairs} paired runs)`);
console.log("case | bare node | case | ratio (median of pairs)");
for (const [name, args, cwd] of cases) {
  const bare = [];
  const measured = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    bare.push(cpuOf(["-e", "0"], cwd));
    measured.push(cpuOf(args, cwd));
  }
  const ratio = median(measured.map((value, index) => value / (bare[index] ?? Number.NaN)));
  console.log(
    `${name} | ${median(bare).toFixed(0)} | ${median(measured).toFixed(0)} | ${ratio.toFixed(2)}x`,
  );
}
rmSync(scratch, { recursive: true, force: true });
