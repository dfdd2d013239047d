// @ts-check
// Installs the public packages as a user outside this repository gets them, and uses them.
//
// 1. Builds them and packs each with `pnpm pack`, which rewrites `workspace:` and `catalog:`
//    specifiers to versions (`npm pack` leaves them in, and npm then refuses the tarball).
// 2. Checks every tarball: no `workspace:` or `catalog:` left, and a LICENSE file.
// 3. Installs all tarballs with npm into a fresh project in the system's temporary folder,
//    with TypeScript and Node's types at the workspace's catalog versions.
// 4. Type-checks `scripts/consumer/main.ts` there (strict, NodeNext)
//    and runs it; runs each package that is only a command (`@ctx/cli`) through its `bin`.
//
// Usage: `pnpm consumer-check [turbo options]`, such as `--force` to build without turbo's cache
// (CI does). It refuses to start when a public package is not imported by
// `scripts/consumer/main.ts`, so a new package cannot go unchecked. Needs the npm registry for
// zod, TypeScript and @types/node (npm's cache is enough once they are in it).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const program = join(root, "scripts", "consumer", "main.ts");

/** A failure this check explains in one line. */
class ConsumerCheckError extends Error {}

/**
 * Runs a command, its output shown, and throws when it fails.
 * @param {string} cwd
 * @param {string} command
 * @param {string[]} args
 */
function run(cwd, command, args) {
  try {
    execFileSync(command, args, { cwd, stdio: "inherit" });
  } catch {
    throw new ConsumerCheckError(`\`${[command, ...args].join(" ")}\` failed in ${cwd}`);
  }
}

/**
 * Runs a command and returns its standard output.
 * @param {string} cwd
 * @param {string} command
 * @param {string[]} args
 */
function output(cwd, command, args) {
  return execFileSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new ConsumerCheckError(message);
}

/**
 * A version from the `catalog:` of pnpm-workspace.yaml.
 * @param {string} name
 */
function catalogVersion(name) {
  const workspace = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const found = workspace.match(new RegExp(`^\\s+"?${escaped}"?:\\s*(\\S+)\\s*$`, "m"));
  return found?.[1] ?? fail(`no catalog version for ${name} in pnpm-workspace.yaml`);
}

try {
  check();
} catch (error) {
  if (!(error instanceof ConsumerCheckError)) throw error;
  console.error(`consumer-check: ${error.message}`);
  process.exitCode = 1;
}

/**
 * Whether a manifest's `exports` has a "." entry, so the package can be imported by its name.
 * @param {unknown} exports
 */
function hasMainEntry(exports) {
  return typeof exports === "object" && exports !== null && "." in exports;
}

/** The steps the header lists, in order; the temporary project is removed whatever happens. */
function check() {
  const publicPackages = workspacePackages(root).filter((entry) => !entry.isPrivate);
  const imported = new Set(
    [
      ...readFileSync(program, "utf8").matchAll(
        /\bfrom\s+"(@[^"/]+\/[^"/]+)|import\("(@[^"/]+\/[^"/]+)/g,
      ),
    ].map((match) => match[1] ?? match[2]),
  );
  // A package that is only a command (a `bin`, no "." entry) is run instead of imported.
  const commands = publicPackages.filter(
    (entry) =>
      typeof entry.manifest.bin === "object" &&
      entry.manifest.bin !== null &&
      !hasMainEntry(entry.manifest.exports),
  );
  const notImported = publicPackages.filter(
    (entry) => !imported.has(entry.name) && !commands.includes(entry),
  );
  if (notImported.length > 0) {
    fail(
      `scripts/consumer/main.ts does not use ${notImported.map((entry) => entry.name).join(", ")}: ` +
        "import each public package there and call something it exports",
    );
  }

  run(root, "pnpm", [
    "exec",
    "turbo",
    "run",
    "build",
    ...publicPackages.map((entry) => `--filter=${entry.name}`),
    ...process.argv.slice(2),
  ]);

  const project = mkdtempSync(join(tmpdir(), "ctx-consumer-check-"));
  try {
    const tarballs = join(project, "tarballs");
    /** @type {string[]} */
    const packed = [];
    for (const entry of publicPackages) {
      const result = JSON.parse(
        output(entry.directory, "pnpm", ["pack", "--json", "--pack-destination", tarballs]),
      );
      /** @type {{ path: string }[]} */
      const files = result.files;
      if (!files.some((file) => file.path === "LICENSE"))
        fail(`${entry.name} publishes no LICENSE: add one beside its package.json and to "files"`);
      const manifest = output(project, "tar", ["-xOzf", result.filename, "package/package.json"]);
      if (/"(workspace|catalog):/.test(manifest))
        fail(`${entry.name}'s packed package.json still has a workspace: or catalog: specifier`);
      packed.push(result.filename);
    }

    const consumer = join(project, "consumer");
    mkdirSync(join(consumer, "src"), { recursive: true });
    writeFileSync(
      join(consumer, "package.json"),
      `${JSON.stringify({ name: "ctx-consumer", private: true, type: "module" }, null, 2)}\n`,
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      `${JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["ES2023"],
            module: "NodeNext",
            moduleResolution: "NodeNext",
            types: ["node"],
            strict: true,
            noUncheckedIndexedAccess: true,
            exactOptionalPropertyTypes: true,
            // Declaration files are not checked: the AI SDK's own (under @ctx/ai-sdk) need the DOM
            // library and @types/json-schema and fail this strict configuration by themselves.
            // Ours are emitted by tsc from sources checked with these settings, and attw checks
            // that they resolve; the program below uses every package through them.
            skipLibCheck: true,
            rootDir: "src",
            outDir: "dist",
          },
          include: ["src"],
        },
        null,
        2,
      )}\n`,
    );
    copyFileSync(program, join(consumer, "src", "main.ts"));
    run(consumer, "npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...packed,
      `typescript@${catalogVersion("typescript")}`,
      `@types/node@${catalogVersion("@types/node")}`,
    ]);
    run(consumer, join("node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"]);
    run(consumer, "node", [join("dist", "main.js")]);
    for (const entry of commands) {
      for (const name of Object.keys(/** @type {Record<string, string>} */ (entry.manifest.bin))) {
        run(consumer, join("node_modules", ".bin", name), ["--version"]);
        run(consumer, join("node_modules", ".bin", name), [
          "context",
          consumer,
          "--home",
          consumer,
        ]);
      }
    }
    console.log(
      `consumer-check: ${publicPackages.map((entry) => entry.name).join(", ")} pass as installed tarballs`,
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
