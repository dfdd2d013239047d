// @ts-check
// Proves that every program `pnpm typecheck` builds references exactly the composite projects of
// the @ctx packages its package depends on. The references repeat what each `package.json`
// already says, so they can drift: a missing one makes tsc check that dependency's sources again
// inside the program (or refuse a composite program), and an extra one orders builds for nothing.
//
// Usage: `pnpm check:references`. Exits 1 and names each program whose references are wrong.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { typecheckPrograms, workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packages = workspacePackages(root);
const byName = new Map(packages.map((entry) => [entry.name, entry]));

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Whether the package in `directory` has a composite `tsconfig.json` a program can reference. */
const isComposite = (/** @type {string} */ directory) => {
  try {
    return readJson(join(directory, "tsconfig.json")).extends === "@ctx/tsconfig/composite.json";
  } catch {
    return false;
  }
};

const problems = [];
for (const entry of packages) {
  let programs;
  try {
    programs = typecheckPrograms(entry);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    continue;
  }
  if (programs === undefined) continue;
  const expected = new Set();
  for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
    const listed = /** @type {Record<string, string>} */ (entry.manifest[field] ?? {});
    for (const name of Object.keys(listed)) {
      const dependency = byName.get(name);
      if (dependency !== undefined && isComposite(dependency.directory)) {
        expected.add(resolve(dependency.directory));
      }
    }
  }
  for (const program of programs) {
    const file = join(entry.directory, program);
    /** @type {{ path: string }[]} */
    const references = readJson(file).references ?? [];
    const actual = new Set(references.map((reference) => resolve(dirname(file), reference.path)));
    const name = (/** @type {string} */ path) => relative(root, path);
    const missing = [...expected].filter((path) => !actual.has(path)).map(name);
    const extra = [...actual].filter((path) => !expected.has(path)).map(name);
    if (missing.length > 0) problems.push(`${name(file)}: no reference to ${missing.join(", ")}`);
    if (extra.length > 0)
      problems.push(`${name(file)}: references ${extra.join(", ")}, not a dependency`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`the typecheck's references match the dependencies of ${packages.length} packages`);
