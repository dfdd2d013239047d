// An esbuild plugin for bundles that include @ctx/session's tokenizer: it packs the o200k_base
// rank table once, at build time, into `o200k_base.ranks` beside each built file that holds the
// table's module (`src/tokens/o200k-ranks.ts`), and bundles that module as a read of that file.
// The sources pack the table from gpt-tokenizer's on every load; a built package reads it in
// place, one file read where it parsed 200,000 strings and filled a map.
//
//   import { packedRanksPlugin } from "../../scripts/packed-ranks-plugin.mjs";
//   await build({ ..., plugins: [packedRanksPlugin()] });                 // a Node program
//   await build({ ..., plugins: [packedRanksPlugin({ embed: true })] });   // a package
//
// By default the module reads the file with `node:fs`: for a program that runs on Node only,
// such as the `ctx` command. With `embed: true` (a runtime-neutral package) it imports nothing
// of Node: it reads the file through `process.getBuiltinModule` where the runtime has it (Node
// 20.16 and later, Bun), and otherwise (a browser, an edge runtime, an older Node, a bundle that
// left the file behind) loads a chunk that holds the table as base64 text and decodes it
// (`Uint8Array.fromBase64`, else `atob`, else a decoder in the language alone). The file's name
// is not written as a literal `new URL("…", import.meta.url)`, so a browser bundler does not
// copy 4 MB it never loads.
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

/** The module that reads the table's file, or loads the embedded chunk (see above). */
const neutralModule = [
  `const fileName = "./${fileName}";`,
  "export function loadO200kRanks() {",
  '  const fs = globalThis.process?.getBuiltinModule?.("node:fs");',
  "  if (fs !== undefined) {",
  "    try {",
  "      return fs.readFileSync(new URL(fileName, import.meta.url));",
  "    } catch {}",
  "  }",
  '  return import("packed-ranks:embedded").then((embedded) => embedded.decodeO200kRanks());',
  "}",
].join("\n");

/** The chunk that holds `table` as base64 text and decodes it when called (see above). */
function embeddedModule(table) {
  return [
    `const packed = ${JSON.stringify(Buffer.from(table).toString("base64"))};`,
    "export function decodeO200kRanks() {",
    '  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(packed);',
    '  if (typeof atob === "function") {',
    "    const text = atob(packed);",
    "    const bytes = new Uint8Array(text.length);",
    "    for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);",
    "    return bytes;",
    "  }",
    '  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";',
    "  const values = new Uint8Array(128);",
    "  for (let index = 0; index < 64; index += 1) values[alphabet.charCodeAt(index)] = index;",
    '  const padding = packed.endsWith("==") ? 2 : packed.endsWith("=") ? 1 : 0;',
    "  const bytes = new Uint8Array((packed.length / 4) * 3 - padding);",
    "  for (let read = 0, written = 0; read < packed.length; read += 4) {",
    "    const group =",
    "      (values[packed.charCodeAt(read)] << 18) |",
    "      (values[packed.charCodeAt(read + 1)] << 12) |",
    "      (values[packed.charCodeAt(read + 2)] << 6) |",
    "      values[packed.charCodeAt(read + 3)];",
    "    bytes[written++] = group >> 16;",
    "    if (written < bytes.length) bytes[written++] = (group >> 8) & 255;",
    "    if (written < bytes.length) bytes[written++] = group & 255;",
    "  }",
    "  return bytes;",
    "}",
  ].join("\n");
}

/** @param {{ embed?: boolean }} [options] */
export function packedRanksPlugin(options = {}) {
  return {
    name: "packed-ranks",
    setup(pluginBuild) {
      pluginBuild.initialOptions.metafile = true;
      const workingDirectory = pluginBuild.initialOptions.absWorkingDir ?? process.cwd();
      /** The ranks module's path, once esbuild has loaded it. */
      let ranksPath;
      /** The packed table, packed once for the embedded chunk and the file. */
      let packing;
      const table = (path) => {
        packing ??= packedTable(path);
        return packing;
      };
      pluginBuild.onLoad({ filter: ranksModule }, (args) => {
        ranksPath = args.path;
        return {
          contents:
            options.embed === true
              ? neutralModule
              : [
                  'import { readFileSync } from "node:fs";',
                  "export function loadO200kRanks() {",
                  `  return readFileSync(new URL("./${fileName}", import.meta.url));`,
                  "}",
                ].join("\n"),
          loader: "js",
        };
      });
      pluginBuild.onResolve({ filter: /^packed-ranks:embedded$/ }, (args) => ({
        path: args.path,
        namespace: "packed-ranks",
      }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "packed-ranks" }, async () => ({
        contents: embeddedModule(await table(ranksPath)),
        loader: "js",
      }));
      pluginBuild.onEnd(async (result) => {
        if (result.errors.length > 0 || result.metafile === undefined) return;
        const holders = Object.entries(result.metafile.outputs).filter(([, output]) =>
          Object.keys(output.inputs).some((input) => ranksModule.test(input)),
        );
        if (holders.length === 0) return;
        const source = Object.keys(result.metafile.inputs).find((input) => ranksModule.test(input));
        const packed = await table(resolve(workingDirectory, source));
        for (const [output] of holders) {
          writeFileSync(join(dirname(resolve(workingDirectory, output)), fileName), packed);
        }
      });
    },
  };
}
