// Checks that the runtime-neutral packages run outside Node, both as sources and as built:
//
// 1. Builds them (`turbo run build`, cached; `--built` uses the builds that are there, as
//    `.ci/run` does after its own build), then bundles the built entries of each (`dist`, what a
//    user's bundler gets) for the browser platform, where a `node:` import cannot resolve; the
//    providers' SDKs, peers the user brings, are left out.
// 2. Bundles every ```ts example of their READMEs that imports only runtime-neutral entries (the
//    main entry of a package below, or a dependency of one; not `@ctx/agents-md/node`, a Node
//    store or a provider's SDK) for the browser, once with the sources of every @ctx package it
//    reaches and once with their builds, and runs each bundle in a bare V8 context that has the
//    JavaScript built-ins and nothing of Node (no process, Buffer, require, console or timers).
//    Besides the built-ins, the context has globals of the web platform that every runtime has
//    (browsers, Deno, Bun, workers, Node): `crypto.randomUUID` and `structuredClone`, which the
//    rollout stores use; `TextEncoder` and `TextDecoder`, with which AGENTS.md discovery reads
//    bytes; `AbortController` and `AbortSignal`, which a session's compaction and the adapters
//    take to cancel a call. A line `expression; // => value` is checked, as the README tests do.
//
// Prints one line per bundle and exits 1 on a failure.
//
//   node scripts/check-runtimes.mjs [--built | turbo options]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packages = [
  "text",
  "protocol",
  "fragments",
  "registry",
  "prompts",
  "rollout",
  "agents-md",
  "skills",
  "codex-config",
  "session",
  "openai",
  "anthropic",
  "ai-sdk",
  "fragment-git-status",
];

const fence = /^```(ts|typescript)\s*$/;
const expectation = /^(\s*)(.+?);\s*\/\/ => (.+)$/;

// Runs inside the bare context before the bundle: the outer realm's encoder and decoder behind
// classes of the context, so that encoded bytes are the context's own `Uint8Array` (an
// `instanceof` check in the bundle sees the context's constructor, not Node's).
const webText = `
const __encoder = __outer.encoder;
const __Decoder = __outer.TextDecoder;
globalThis.TextEncoder = class TextEncoder {
  get encoding() { return "utf-8"; }
  encode(text = "") { return new Uint8Array(__encoder.encode(text)); }
  encodeInto(text, destination) { return __encoder.encodeInto(text, destination); }
};
globalThis.TextDecoder = class TextDecoder {
  #decoder;
  constructor(label, options) { this.#decoder = new __Decoder(label, options); }
  get encoding() { return this.#decoder.encoding; }
  get fatal() { return this.#decoder.fatal; }
  get ignoreBOM() { return this.#decoder.ignoreBOM; }
  decode(bytes, options) { return this.#decoder.decode(bytes, options); }
};
delete globalThis.__outer;
`;

// Runs inside the bare context, so it uses nothing but the language.
const prelude = `
const __equal = (a, b) => {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => __equal(a[key], b[key]));
};
const __check = (actual, expected, where) => {
  if (!__equal(actual, expected)) {
    throw new Error(where + ": got " + JSON.stringify(actual) + ", README says " + JSON.stringify(expected));
  }
};
`;

const importEnd = /(^import\s+["'][^"']+["'];?\s*$)|(\bfrom\s+["'][^"']+["'];?\s*$)/;

/** What the runtime-neutral packages depend on (zod, the tokenizer), which their examples may import. */
const dependencies = new Set(
  packages.flatMap((name) =>
    Object.keys(
      JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")).dependencies ??
        {},
    ),
  ),
);

/**
 * Whether a line imports something other than the main entry of a runtime-neutral package or a
 * dependency of one: `@ctx/rollout-jsonl`, `@ctx/agents-md/node`, `@ctx/rollout/testing`, an
 * SDK, anything of Node.
 */
function importsOtherEntry(line) {
  const imported = /from "([^"]+)"/.exec(line);
  if (imported === null) return false;
  const specifier = imported[1];
  if (specifier.startsWith("@ctx/")) return !packages.includes(specifier.slice("@ctx/".length));
  return !dependencies.has(specifier);
}

/**
 * The ```ts blocks of a README that import only runtime-neutral entries, each with every `// =>`
 * line turned into a check (an adapter's first example runs a turn with a Node store, which the
 * README tests run under Node; its next one maps a request with the adapter alone). A block's
 * imports stay at the top; the rest runs in an async function (the iife format has no top-level
 * await) whose promise is left in `__example` for the caller to wait for.
 */
function neutralExamples(name) {
  const lines = readFileSync(join(root, "packages", name, "README.md"), "utf8").split("\n");
  const examples = [];
  for (let start = 0; start < lines.length; start += 1) {
    if (!fence.test(lines[start])) continue;
    let end = start + 1;
    while (end < lines.length && lines[end].trimEnd() !== "```") end += 1;
    if (!lines.slice(start, end).some(importsOtherEntry)) {
      examples.push({ line: start + 1, source: exampleSource(name, lines, start, end) });
    }
    start = end;
  }
  if (examples.length === 0)
    throw new Error(`packages/${name}/README.md has no runtime-neutral ts example`);
  return examples;
}

/** The block between the fence at `start` and its end at `end`, as a script (see above). */
function exampleSource(name, lines, start, end) {
  const imports = [];
  const body = [];
  let inImport = false;
  for (let index = start + 1; index < end; index += 1) {
    if (inImport || lines[index].startsWith("import ")) {
      imports.push(lines[index]);
      inImport = !importEnd.test(lines[index]);
      continue;
    }
    const match = expectation.exec(lines[index]);
    const where = JSON.stringify(`packages/${name}/README.md:${index + 1}`);
    body.push(
      match === null ? lines[index] : `${match[1]}__check(${match[2]}, ${match[3]}, ${where});`,
    );
  }
  return `${imports.join("\n")}\n${prelude}\nglobalThis.__example = (async () => {\n${body.join("\n")}\n})();\n`;
}

/** The manifest of `packages/<name>`. */
function manifest(name) {
  return JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
}

/** The entries of a package a browser may import: every export but `./node`, `./testing`. */
function neutralEntries(name) {
  return Object.keys(manifest(name).exports ?? {})
    .filter((entry) => !["./package.json", "./node", "./testing"].includes(entry))
    .map((entry) => `@ctx/${name}${entry.slice(1)}`);
}

const options = process.argv.slice(2);
if (options.includes("--built")) {
  if (options.length > 1) throw new Error("--built takes no turbo options: it runs no build");
} else {
  execFileSync(
    "pnpm",
    [
      "exec",
      "turbo",
      "run",
      "build",
      ...packages.map((name) => `--filter=@ctx/${name}`),
      "--output-logs=errors-only",
      ...options,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
  );
}

let failed = 0;
for (const name of packages) {
  const entries = neutralEntries(name);
  try {
    const result = await build({
      stdin: {
        contents: entries.map((entry) => `export * from "${entry}";`).join("\n"),
        loader: "js",
        resolveDir: join(root, "packages", name),
        sourcefile: `${name}-dist.js`,
      },
      bundle: true,
      platform: "browser",
      format: "esm",
      external: Object.keys(manifest(name).peerDependencies ?? {}),
      write: false,
      logLevel: "silent",
    });
    const bytes = result.outputFiles.reduce((sum, file) => sum + file.contents.length, 0);
    console.log(
      `ok   @ctx/${name} (dist: ${entries.join(", ")}): bundled for the browser (${bytes} bytes)`,
    );
  } catch (error) {
    failed += 1;
    const message = error?.errors?.map((entry) => entry.text).join("; ") ?? String(error);
    console.log(`FAIL @ctx/${name} (dist): ${message}`);
  }
}

for (const name of packages) {
  let examples;
  try {
    examples = neutralExamples(name);
  } catch (error) {
    failed += 1;
    console.log(`FAIL @ctx/${name}: ${String(error)}`);
    continue;
  }
  for (const [example, built] of examples.flatMap((example) => [
    [example, false],
    [example, true],
  ])) {
    const where = `packages/${name}/README.md:${example.line}`;
    const from = built ? "dist" : "sources";
    try {
      const result = await build({
        stdin: {
          contents: example.source,
          loader: "ts",
          resolveDir: join(root, "packages", name),
          sourcefile: where,
        },
        // A sibling the package does not depend on (the session an extension kind's example
        // runs in) resolves as in the README tests, from packages/integration, which has them all.
        nodePaths: [join(root, "packages", "integration", "node_modules")],
        bundle: true,
        platform: "browser",
        format: "iife",
        conditions: built ? [] : ["@ctx/source"],
        write: false,
        logLevel: "silent",
      });
      const code = result.outputFiles[0]?.text ?? "";
      const context = createContext({
        crypto: { randomUUID: () => globalThis.crypto.randomUUID() },
        structuredClone,
        AbortController,
        AbortSignal,
        __outer: { encoder: new TextEncoder(), TextDecoder },
      });
      runInContext(webText, context, { filename: "web-text.js" });
      runInContext(code, context, { filename: `${name}.bundle.js` });
      await context.__example;
      console.log(
        `ok   @ctx/${name} (${where}, ${from}): bundled for the browser (${code.length} bytes), ran without Node`,
      );
    } catch (error) {
      failed += 1;
      const message = error?.errors?.map((entry) => entry.text).join("; ") ?? String(error);
      console.log(`FAIL @ctx/${name} (${where}, ${from}): ${message}`);
    }
  }
}
process.exit(failed === 0 ? 0 : 1);
