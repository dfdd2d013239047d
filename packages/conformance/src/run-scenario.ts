import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CodexConfig, readCodexConfig } from "@ctx/codex-config";
import { createNodeFileSystem } from "@ctx/codex-config/node";
import { createStandardRegistry } from "@ctx/registry";
import { buildTree } from "./build-tree.js";
import type { CheckResult } from "./check-result.js";
import { codexPromptInput } from "./codex-cli.js";
import { codexOverrides } from "./codex-overrides.js";
import { compareFirstTurn } from "./compare-first-turn.js";
import { ctxFirstTurn } from "./ctx-first-turn.js";
import { runMultiTurn } from "./run-multi-turn.js";
import type { Scenario, ScenarioCodexConfig } from "./scenario.js";

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
    const given = scenario.codexConfig;
    const config = given === undefined ? undefined : await writeCodexConfig(given, base, home, cwd);
    const codexInput = await codexPromptInput({
      cwd,
      home,
      overrides: [
        ...codexOverrides(scenario.settings, base),
        ...(given?.overrides ?? []).flatMap((override) => ["-c", override]),
      ],
      prompt: firstPrompt,
      ...(given?.profile === undefined ? {} : { profile: given.profile }),
    });
    const ours = await ctxFirstTurn({
      base,
      cwd,
      home,
      settings: scenario.settings,
      prompt: firstPrompt,
      ...(config === undefined ? {} : { config }),
    });
    return {
      scenario,
      checks: compareFirstTurn({
        registry,
        codexInput,
        ours,
        places: { base, home },
        expectedSources: scenario.sources,
        developerInstructions:
          scenario.settings.developerInstructions ?? config?.developerInstructions,
      }),
    };
  } finally {
    // A process of the scenario's may still be closing a file in it: retry a folder that a
    // late write left not empty.
    await rm(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/**
 * Writes a scenario's configuration files into `home` (`{base}` replaced by the scenario's
 * folder) and reads them back with `@ctx/codex-config` for `cwd`, as our side of the scenario.
 */
async function writeCodexConfig(
  given: ScenarioCodexConfig,
  base: string,
  home: string,
  cwd: string,
): Promise<CodexConfig> {
  const fill = (text: string) => text.replaceAll("{base}", base);
  if (given.toml !== undefined) await writeFile(join(home, "config.toml"), fill(given.toml));
  for (const [name, text] of Object.entries(given.profiles ?? {})) {
    await writeFile(join(home, `${name}.config.toml`), fill(text));
  }
  return readCodexConfig({
    home,
    cwd: await realpath(cwd),
    fs: createNodeFileSystem(),
    ...(given.profile === undefined ? {} : { profile: given.profile }),
    ...(given.overrides === undefined ? {} : { overrides: given.overrides }),
  });
}
