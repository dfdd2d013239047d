// An esbuild plugin for bundles that include @ctx/session's tokenizer: it packs the o200k_base
// rank table once, at build time, into `o200k_base.ranks` beside each built file that holds the
// table's module (`src/tokens/o200k-ranks.ts`), and bundles that module as a read of that file.
// The sources pack the table from gpt-tokenizer's on every load; a built package reads it in
// place, one file read where it parsed 200,000 strings and filled a map.
//
//   import { packedRanksPlugin } from "../../scripts/packed-ranks-plugin.mjs";
//   await build({ ..., plugins: [packedRanksPlugin()] });
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";

const ranksModule = /(^|[\\/])tokens[\\/]o200k-ranks\.ts$/;
const fileName = "o200k_base.ranks";

/** The packed table, from the ranks module's source run once in this process. */
async function packedTable(modulePath) {
  const bundled = await build({
    entryPoints: [modulePath],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "warning",
  });
  const code = bundled.outputFiles[0]?.text ?? "";
  const { loadO200kRanks } = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
  );
  return loadO200kRanks();
}

export function packedRanksPlugin() {
  return {
    name: "packed-ranks",
    setup(pluginBuild) {
      pluginBuild.initialOptions.metafile = true;
      const workingDirectory = pluginBuild.initialOptions.absWorkingDir ?? process.cwd();
      pluginBuild.onLoad({ filter: ranksModule }, () => ({
        contents: [
          'import { readFileSync } from "node:fs";',
          "export function loadO200kRanks() {",
          `  return readFileSync(new URL("./${fileName}", import.meta.url));`,
          "}",
        ].join("\n"),
        loader: "js",
      }));
      pluginBuild.onEnd(async (result) => {
        if (result.errors.length > 0 || result.metafile === undefined) return;
        const holders = Object.entries(result.metafile.outputs).filter(([, output]) =>
          Object.keys(output.inputs).some((input) => ranksModule.test(input)),
        );
        if (holders.length === 0) return;
        const source = Object.keys(result.metafile.inputs).find((input) => ranksModule.test(input));
        const table = await packedTable(resolve(workingDirectory, source));
        for (const [output] of holders) {
          writeFileSync(join(dirname(resolve(workingDirectory, output)), fileName), table);
        }
      });
    },
  };
}
