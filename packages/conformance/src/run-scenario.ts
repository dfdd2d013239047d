import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStandardRegistry } from "@ctx/registry";
import { buildTree } from "./build-tree.js";
import type { CheckResult } from "./check-result.js";
import { codexPromptInput } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";
import { compareFirstTurn } from "./compare-first-turn.js";
import { ctxFirstTurn } from "./ctx-first-turn.js";
import { runMultiTurn } from "./run-multi-turn.js";
import type { Scenario } from "./scenario.js";

/** The prompt of every first turn. */
export const firstPrompt = "Add a health check.";

/** Every check of one scenario. */
export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly checks: readonly CheckResult[];
}

const registry = createStandardRegistry();

/**
 * Runs one scenario through Codex and through @ctx, in a fresh temporary folder that is removed
 * afterwards: `base` holds the tree, `home` is `CODEX_HOME` with the global files.
 */
export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), "ctx-conformance-")));
  try {
    const base = join(scratch, "work");
    const home = join(scratch, "home");
    await mkdir(base);
    await mkdir(home);
    await buildTree(base, scenario.tree);
    await buildTree(home, scenario.home);
    const cwd = join(base, scenario.cwd);
    if (scenario.turns !== undefined) {
      return { scenario, checks: await runMultiTurn({ scenario, base, home, registry }) };
    }
    const codexInput = await codexPromptInput({
      cwd,
      home,
      overrides: codexOverrides(scenario.settings, base),
      prompt: firstPrompt,
    });
    const ours = await ctxFirstTurn({
      base,
      cwd,
      home,
      settings: scenario.settings,
      prompt: firstPrompt,
    });
    return {
      scenario,
      checks: compareFirstTurn({
        registry,
        codexInput,
        ours,
        places: { base, home },
        expectedSources: scenario.sources,
        developerInstructions: scenario.settings.developerInstructions,
      }),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
