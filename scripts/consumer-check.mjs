// @ts-check
// Installs the public packages as a user outside this repository gets them, and uses them.
//
// 1. Builds them and packs each with `pnpm pack`, which rewrites `workspace:` and `catalog:`
//    specifiers to versions (`npm pack` leaves them in, and npm then refuses the tarball).
// 2. Checks every tarball: no `workspace:` or `catalog:` left, and a LICENSE file.
// 3. Installs all tarballs with npm into a fresh project in the system's temporary folder,
//    with TypeScript and Node's types at the workspace's catalog versions.
// 4. Installs the command (`@ctx/cli`) alone, with only the @ctx packages it depends on, in a
//    project of its own, counts what npm put in node_modules, refuses it when the SDKs the
//    adapters take as optional peers (`openai`, `@anthropic-ai/sdk`, `ai`) came with it, and
//    runs it there.
// 5. Installs beside the tarballs the newest versions of those SDKs in the registry (and the AI
//    SDK's OpenAI provider), as a user who already has them would.
// 6. Type-checks `scripts/consumer/main.ts` and `scripts/consumer/agents.ts` with the three
//    agents of `examples/src` and the scripted server of `tooling/adapter-testing` (strict,
//    NodeNext), then every declaration file with what `@ctx/ai-sdk`'s README says that needs (the
//    DOM library, @types/json-schema; tsconfig.libs.json), runs both programs, so each agent
//    passes its own client against the local server; runs
//    each package that is only a command (`@ctx/cli`) through its `bin`.
//
// Usage: `pnpm consumer-check [turbo options]`, such as `--force` to build without turbo's cache;
// or `pnpm consumer-check --built` to pack the builds that are there without running turbo
// (`.ci/run` does, right after its own forced build). It refuses to start when a public package
// is not imported by `scripts/consumer/main.ts`, so a new package cannot go unchecked. Asks the
// npm registry for the SDKs' newest versions; npm installs prefer its cache (`--prefer-offline`)
// for zod, commander, TypeScript, @types/node and the SDKs, and fetch what it lacks.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const program = join(root, "scripts", "consumer", "main.ts");

/** What the consumer project compiles and runs besides `main.ts`, each into `src/` by name. */
const agentSources = [
  join(root, "scripts", "consumer", "agents.ts"),
  join(root, "examples", "src", "agent-setup.ts"),
  join(root, "examples", "src", "openai-agent.ts"),
  join(root, "examples", "src", "anthropic-agent.ts"),
  join(root, "examples", "src", "ai-sdk-agent.ts"),
  join(root, "tooling", "adapter-testing", "src", "local-server.ts"),
  join(root, "tooling", "adapter-testing", "src", "scripted-answers.ts"),
];

/** The SDKs the adapters take as optional peers: a user brings them, the command never does. */
const peerSdks = ["openai", "@anthropic-ai/sdk", "ai"];

/** What the example agents import besides the peers: the AI SDK's provider for OpenAI. */
const agentSdks = [...peerSdks, "@ai-sdk/openai"];

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

  const options = process.argv.slice(2);
  if (options.includes("--built")) {
    if (options.length > 1) fail("--built takes no turbo options: it runs no build");
  } else {
    run(root, "pnpm", [
      "exec",
      "turbo",
      "run",
      "build",
      ...publicPackages.map((entry) => `--filter=${entry.name}`),
      ...options,
    ]);
  }

  const project = mkdtempSync(join(tmpdir(), "ctx-consumer-check-"));
  try {
    const tarballs = join(project, "tarballs");
    /** @type {Map<string, string>} package name → its tarball */
    const packed = new Map();
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
      packed.set(entry.name, result.filename);
    }
    for (const entry of commands) checkCommandAlone(project, entry, publicPackages, packed);

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
            // The AI SDK's declarations (under @ctx/ai-sdk) fail exactOptionalPropertyTypes by
            // themselves, so this strict pass skips declaration files; the one after it
            // (tsconfig.libs.json) checks every declaration file, ours and the SDKs'.
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
    // Every declaration file checked, with what @ctx/ai-sdk's README says a project needs for
    // that: the DOM library and @types/json-schema, without exactOptionalPropertyTypes.
    writeFileSync(
      join(consumer, "tsconfig.libs.json"),
      `${JSON.stringify(
        {
          extends: "./tsconfig.json",
          compilerOptions: {
            lib: ["ES2023", "DOM"],
            exactOptionalPropertyTypes: false,
            skipLibCheck: false,
            noEmit: true,
          },
        },
        null,
        2,
      )}\n`,
    );
    for (const source of [program, ...agentSources]) {
      copyFileSync(source, join(consumer, "src", basename(source)));
    }
    const newest = agentSdks.map(
      (name) => `${name}@${output(root, "npm", ["view", name, "version"]).trim()}`,
    );
    console.log(`consumer-check: the SDKs at their newest: ${newest.join(", ")}`);
    run(consumer, "npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      ...packed.values(),
      ...newest,
      `typescript@${catalogVersion("typescript")}`,
      `@types/node@${catalogVersion("@types/node")}`,
      "@types/json-schema",
    ]);
    run(consumer, join("node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"]);
    run(consumer, join("node_modules", ".bin", "tsc"), ["-p", "tsconfig.libs.json"]);
    run(consumer, "node", [join("dist", "main.js")]);
    run(consumer, "node", [join("dist", "agents.js")]);
    for (const entry of commands) runCommand(consumer, entry);
    console.log(
      `consumer-check: ${publicPackages.map((entry) => entry.name).join(", ")} pass as installed tarballs`,
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * Runs each `bin` of a command package installed in `project`: its version, then `context` on
 * the project itself.
 * @param {string} project
 * @param {import("./workspace-packages.mjs").WorkspacePackage} entry
 */
function runCommand(project, entry) {
  for (const name of Object.keys(/** @type {Record<string, string>} */ (entry.manifest.bin))) {
    run(project, join("node_modules", ".bin", name), ["--version"]);
    run(project, join("node_modules", ".bin", name), ["context", project, "--home", project]);
  }
}

/**
 * Installs the command package `entry` from its tarball in a project of its own, with the
 * tarballs of the @ctx packages it depends on (directly or not) and nothing else, as
 * `npm install @ctx/cli` would once published; reports how many packages and bytes that puts
 * in node_modules, fails when one of {@link peerSdks} is among them, and runs the command.
 * @param {string} project the temporary folder
 * @param {import("./workspace-packages.mjs").WorkspacePackage} entry
 * @param {import("./workspace-packages.mjs").WorkspacePackage[]} publicPackages
 * @param {Map<string, string>} packed package name → its tarball
 */
function checkCommandAlone(project, entry, publicPackages, packed) {
  const byName = new Map(publicPackages.map((candidate) => [candidate.name, candidate]));
  /** @type {Set<string>} */
  const needed = new Set();
  const visit = (/** @type {string} */ name) => {
    if (needed.has(name)) return;
    needed.add(name);
    const dependencies = /** @type {Record<string, string>} */ (
      byName.get(name)?.manifest.dependencies ?? {}
    );
    for (const dependency of Object.keys(dependencies)) {
      if (byName.has(dependency)) visit(dependency);
    }
  };
  visit(entry.name);
  const alone = join(project, `${basename(entry.directory)}-alone`);
  mkdirSync(alone);
  writeFileSync(
    join(alone, "package.json"),
    `${JSON.stringify({ name: "ctx-command-alone", private: true, type: "module" }, null, 2)}\n`,
  );
  run(alone, "npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--loglevel=error",
    ...[...needed].map((name) => packed.get(name) ?? fail(`${name} was not packed`)),
  ]);
  const installed = installedPackages(join(alone, "node_modules"));
  const sdks = peerSdks.filter((name) => installed.names.includes(name));
  if (sdks.length > 0) {
    fail(
      `installing ${entry.name} installed ${sdks.join(", ")}: an adapter it depends on must take them as optional peers`,
    );
  }
  console.log(
    `consumer-check: ${entry.name} alone installs ${installed.names.length} packages, ${(installed.bytes / 1e6).toFixed(1)} MB, none of ${peerSdks.join(", ")}`,
  );
  runCommand(alone, entry);
}

/**
 * The packages under a `node_modules` folder (scoped ones and nested `node_modules` too) by
 * name, and the bytes of every file there; links are not followed.
 * @param {string} directory
 * @returns {{ names: string[], bytes: number }}
 */
function installedPackages(directory) {
  /** @type {string[]} */
  const names = [];
  let bytes = 0;
  const walk = (/** @type {string} */ folder) => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, item.name);
      if (item.isDirectory()) walk(path);
      else if (item.isFile()) bytes += lstatSync(path).size;
    }
  };
  const packagesIn = (/** @type {string} */ modules) => {
    for (const item of readdirSync(modules, { withFileTypes: true })) {
      if (!item.isDirectory() || item.name.startsWith(".")) continue;
      const path = join(modules, item.name);
      if (item.name.startsWith("@")) {
        for (const scoped of readdirSync(path, { withFileTypes: true })) {
          if (scoped.isDirectory()) found(`${item.name}/${scoped.name}`, join(path, scoped.name));
        }
      } else found(item.name, path);
    }
  };
  const found = (/** @type {string} */ name, /** @type {string} */ path) => {
    names.push(name);
    try {
      packagesIn(join(path, "node_modules"));
    } catch {
      // No nested node_modules: the usual case.
    }
  };
  packagesIn(directory);
  walk(directory);
  return { names, bytes };
}
