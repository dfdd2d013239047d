import { resolve } from "node:path";
import { codexHome } from "@ctx/codex-config/node";
import { type CachePrediction, loadDefaultTokenizer } from "@ctx/session";
import { type Command, Option } from "commander";
import { CliError } from "./cli-error.js";
import { formatContextText } from "./format-context.js";
import { processDefaults } from "./process-defaults.js";
import { diffSettings, readSettingsFile, toTurnContext } from "./settings-change.js";
import { overrideKeys, parseSettingsOverride, type SettingsOverride } from "./settings-override.js";
import { type CliEnvironment, createPaint } from "./terminal.js";

/** What the change puts at stake, for people: the tokens, and the dollars where priced. */
function stakeLine(prediction: CachePrediction): string {
  const causes = prediction.breaks.map((loss) => loss.cause).join(", ");
  const tokens = `${prediction.tokens.toLocaleString("en-US")} tokens`;
  const money =
    prediction.dollars === undefined
      ? " (the catalog has no prices for the model)"
      : `, $${prediction.dollars.toFixed(4)} beyond a cache read (prices from ${prediction.pricingSource ?? "the catalog"})`;
  return `At stake in the cache (${causes}): ${tokens} of the first turn's prompt${money}.`;
}

interface DiffFlags {
  readonly from?: readonly SettingsOverride[];
  readonly to?: readonly SettingsOverride[];
  readonly format: "text" | "json";
}

/**
 * Adds `ctx diff [BEFORE] [AFTER] [--from KEY=VALUE]… [--to KEY=VALUE]…`: what a change of
 * settings between two turns re-sends.
 */
export function addDiffCommand(program: Command, environment: CliEnvironment): void {
  const collect =
    (flag: string) =>
    (text: string, previous: readonly SettingsOverride[] = []): readonly SettingsOverride[] => [
      ...previous,
      parseSettingsOverride(text, flag, environment.cwd),
    ];
  const keys = Object.entries(overrideKeys)
    .map(([key, values]) => `  ${key.padEnd(12)} ${values}`)
    .join("\n");
  program
    .command("diff")
    .description(
      "show what a change of settings between two turns re-sends to the model, using the session's diffing",
    )
    .argument(
      "[BEFORE]",
      "a JSON file of the first turn's settings (model, personality, permissions, environments, …)",
    )
    .argument(
      "[AFTER]",
      "a JSON file of the second turn's settings (default: the first turn's, changed by --to)",
    )
    .option(
      "--from <KEY=VALUE>",
      "a setting of the first turn, over BEFORE (repeatable)",
      collect("--from"),
    )
    .option(
      "--to <KEY=VALUE>",
      "a setting of the second turn, over AFTER or else over the first turn's (repeatable)",
      collect("--to"),
    )
    .addOption(
      new Option("--format <FORMAT>", "text for a person, json for the items re-sent")
        .choices(["text", "json"])
        .default("text"),
    )
    .addHelpText(
      "after",
      `
The first turn has BEFORE's settings (none when it is left out) with each --from laid over
them. The second has AFTER's with each --to laid over them or, without AFTER, the first turn's
with each --to: so --to names what changes. Unset settings keep their defaults: the ctx-coder
model and one environment in the current folder, with the AGENTS.md files the session discovers
there (and the global one in $CODEX_HOME, else ~/.codex); no permissions are sent until a
sandbox or approval is given.

Keys of --from and --to:
${keys}

Examples:
  ctx diff --from sandbox=read-only --to sandbox=workspace-write --to approval=never
  ctx diff before.json --to model=gpt-5 --to cwd=../other-repo
  ctx diff before.json after.json --format json
`,
    )
    .action(async (before: string | undefined, after: string | undefined, flags: DiffFlags) => {
      const { from = [], to = [] } = flags;
      if (after === undefined && to.length === 0) {
        throw new CliError(
          "usage",
          "nothing changes between the turns: give AFTER, or at least one --to KEY=VALUE",
        );
      }
      const defaults = {
        cwd: environment.cwd,
        shell: processDefaults(environment).shell,
        home: codexHome(environment).path,
      };
      const read = (path: string | undefined) =>
        path === undefined ? {} : readSettingsFile(resolve(environment.cwd, path));
      const origin = (path: string | undefined, flag: string) =>
        path === undefined ? `the settings of ${flag}` : resolve(environment.cwd, path);
      const first = await read(before);
      const second = after === undefined ? first : await read(after);
      const change = await diffSettings(
        toTurnContext(first, from, defaults, origin(before, "--from")),
        toTurnContext(
          second,
          after === undefined ? [...from, ...to] : to,
          defaults,
          origin(after ?? before, "--to"),
        ),
      );
      if (flags.format === "json") {
        environment.stdout.write(
          `${JSON.stringify(
            {
              resent: change.resent,
              ...(change.cacheBreak === undefined ? {} : { cacheBreak: change.cacheBreak }),
              ...(change.cachePrediction === undefined
                ? {}
                : { cachePrediction: change.cachePrediction }),
              warnings: change.warnings,
            },
            null,
            2,
          )}\n`,
        );
        return;
      }
      const paint = createPaint(environment.stdout, environment.env);
      const prediction = change.cachePrediction;
      if (
        change.blocks.length === 0 &&
        change.cacheBreak === undefined &&
        prediction === undefined
      ) {
        environment.stdout.write(
          "Nothing is re-sent: the second turn adds only the user's message.\n",
        );
        return;
      }
      const breaks = prediction === undefined ? [] : prediction.breaks.map((loss) => loss.message);
      const heading =
        change.cacheBreak === undefined && prediction === undefined
          ? `The second turn re-sends ${change.blocks.length} block(s) before the user's message; the cached prefix stays valid.`
          : `The second turn breaks the prompt cache (${change.cacheBreak ?? breaks.join("; ")}) and sends ${change.blocks.length} block(s) before the user's message.`;
      environment.stdout.write(
        formatContextText(change, heading, paint, await loadDefaultTokenizer()),
      );
      if (prediction !== undefined) environment.stdout.write(`${stakeLine(prediction)}\n`);
    });
}
