import { loadDeviations } from "./deviations.js";
import { runScenario } from "./run-scenario.js";
import { loadScenarios } from "./scenario.js";
import { formatTable, judgeScenario, type ScenarioVerdict } from "./verdict.js";

// `pnpm conformance [--verbose] [name…]`: runs the scenarios (all, or those named), prints the
// table, and exits 1 on a difference that DEVIATIONS.md does not explain, or on a row of it that
// explains nothing any more.
const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const only = args.filter((arg) => !arg.startsWith("--"));
const deviations = await loadDeviations();
const scenarios = (await loadScenarios()).filter(
  (scenario) => only.length === 0 || only.includes(scenario.name),
);
const verdicts: ScenarioVerdict[] = [];
for (const scenario of scenarios) {
  verdicts.push(judgeScenario(await runScenario(scenario), deviations));
}
process.stdout.write(`${formatTable(verdicts)}\n\n`);
for (const verdict of verdicts) {
  for (const check of verdict.unexplained) {
    process.stdout.write(`${verdict.name} / ${check.check}: ${check.detail}\n`);
    if (verbose)
      process.stdout.write(
        `  @ctx:  ${check.ours ?? "(none)"}\n  Codex: ${check.theirs ?? "(none)"}\n`,
      );
  }
}
const count = (pick: (verdict: ScenarioVerdict) => number) =>
  verdicts.reduce((sum, verdict) => sum + pick(verdict), 0);
const fullyMatched = verdicts.filter(
  (verdict) => verdict.unexplained.length === 0 && verdict.explained.length === 0,
).length;
process.stdout.write(
  `${verdicts.length} scenarios: ${fullyMatched} matched in every check; checks: ${count((verdict) => verdict.matched.length)} matched, ${count((verdict) => verdict.explained.length)} explained in DEVIATIONS.md, ${count((verdict) => verdict.unexplained.length)} unexplained\n`,
);
const failures = count((verdict) => verdict.unexplained.length + verdict.stale.length);
process.exitCode = failures > 0 ? 1 : 0;
