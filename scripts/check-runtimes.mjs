// Checks that the runtime-neutral packages run outside Node: each README's first ```ts example
// that imports no other @ctx package is bundled with its package sources for the browser
// platform (a `node:` import cannot resolve there), then run in a bare V8 context that has the JavaScript built-ins and nothing
// of Node (no process, Buffer, require, console or timers). Besides the built-ins, the context
// has two globals of the web platform that every runtime has (browsers, Deno, Bun, workers,
// Node): `crypto.randomUUID` and `structuredClone`, which the rollout stores use. A line
// `expression; // => value` is checked, as the README tests do. Prints one line per package and
// exits 1 on a failure.
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
  "openai",
  "anthropic",
  "ai-sdk",
];

const fence = /^```(ts|typescript)\s*$/;
const expectation = /^(\s*)(.+?);\s*\/\/ => (.+)$/;

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

/** Whether a line imports an @ctx package outside the runtime-neutral list (`@ctx/session`). */
function importsOtherPackage(line) {
  const imported = /from "@ctx\/([^"/]+)/.exec(line);
  return imported !== null && !packages.includes(imported[1]);
}

/**
 * The first ```ts block of a README that imports only runtime-neutral @ctx packages, with every
 * `// =>` line turned into a check (an adapter's first example runs a turn with `@ctx/session`'s
 * `runTurn`, which the README tests run under Node; its next one maps a request with the adapter
 * alone). Its imports stay at the top; the rest runs in an async function (the iife format has no
 * top-level await) whose promise is left in `__example` for the caller to wait for.
 */
function firstExample(name) {
  const lines = readFileSync(join(root, "packages", name, "README.md"), "utf8").split("\n");
  const start = lines.findIndex((line, index) => {
    if (!fence.test(line)) return false;
    const end = lines.findIndex((other, after) => after > index && other.trimEnd() === "```");
    return !lines.slice(index, end).some(importsOtherPackage);
  });
  if (start === -1) throw new Error(`packages/${name}/README.md has no ts example`);
  const imports = [];
  const body = [];
  let inImport = false;
  for (
    let index = start + 1;
    index < lines.length && lines[index].trimEnd() !== "```";
    index += 1
  ) {
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

let failed = 0;
for (const name of packages) {
  try {
    const result = await build({
      stdin: {
        contents: firstExample(name),
        loader: "ts",
        resolveDir: join(root, "packages", name),
        sourcefile: `packages/${name}/README.md`,
      },
      bundle: true,
      platform: "browser",
      format: "iife",
      conditions: ["@ctx/source"],
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.text ?? "";
    const context = createContext({
      crypto: { randomUUID: () => globalThis.crypto.randomUUID() },
      structuredClone,
    });
    runInContext(code, context, { filename: `${name}.bundle.js` });
    await context.__example;
    console.log(
      `ok   @ctx/${name}: bundled for the browser (${code.length} bytes), README example ran without Node`,
    );
  } catch (error) {
    failed += 1;
    const message = error?.errors?.map((entry) => entry.text).join("; ") ?? String(error);
    console.log(`FAIL @ctx/${name}: ${message}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
