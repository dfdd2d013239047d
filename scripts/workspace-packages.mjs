// @ts-check
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * A package of the workspace, as pnpm lists it.
 * @typedef {object} WorkspacePackage
 * @property {string} name the package name, such as `@ctx/registry`
 * @property {string} directory its absolute directory
 * @property {boolean} isPrivate whether it is kept out of publishing
 * @property {Record<string, unknown>} manifest its parsed `package.json`
 */

/**
 * Every package of the pnpm workspace at `root` but the root itself, in pnpm's order. Asking
 * pnpm rather than globbing folders keeps this right whatever `pnpm-workspace.yaml` lists.
 * @param {string} root the workspace root
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages(root) {
  const rootDirectory = resolve(root);
  const listing = execFileSync("pnpm", ["list", "--recursive", "--depth", "-1", "--json"], {
    cwd: rootDirectory,
    encoding: "utf8",
  });
  /** @type {{ name: string; path: string }[]} */
  const entries = JSON.parse(listing);
  return entries
    .filter((entry) => resolve(entry.path) !== rootDirectory)
    .map((entry) => {
      const manifest = JSON.parse(readFileSync(join(entry.path, "package.json"), "utf8"));
      return {
        name: entry.name,
        directory: entry.path,
        isPrivate: manifest.private === true,
        manifest,
      };
    });
}

/**
 * The names of the workspace packages that `name` depends on, directly or through others, as
 * turbo's `^` sees them: dependencies, devDependencies and optionalDependencies.
 * @param {readonly WorkspacePackage[]} packages every workspace package
 * @param {string} name the package to start from
 * @returns {Set<string>}
 */
export function workspaceDependencies(packages, name) {
  const byName = new Map(packages.map((entry) => [entry.name, entry]));
  const found = new Set();
  const pending = [name];
  while (pending.length > 0) {
    const manifest = byName.get(pending.pop() ?? "")?.manifest ?? {};
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
      const listed = /** @type {Record<string, string> | undefined} */ (manifest[field]) ?? {};
      for (const dependency of Object.keys(listed)) {
        if (!byName.has(dependency) || found.has(dependency)) continue;
        found.add(dependency);
        pending.push(dependency);
      }
    }
  }
  return found;
}

/**
 * The programs a package's `typecheck` script builds, as paths relative to its directory: the
 * script must be one `tsc -b <programs>`; `undefined` when the package has no `typecheck`.
 * @param {WorkspacePackage} entry
 * @returns {string[] | undefined}
 * @throws {Error} naming the package when its script has another form.
 */
export function typecheckPrograms(entry) {
  const scripts = /** @type {Record<string, string> | undefined} */ (entry.manifest.scripts);
  const script = scripts?.typecheck;
  if (script === undefined) return undefined;
  const match = script.match(/^tsc -b ((?:\S+\s*)+)$/);
  if (match === null || match[1] === undefined) {
    throw new Error(`${entry.name}: typecheck is not one \`tsc -b <programs>\` (${script})`);
  }
  return match[1].trim().split(/\s+/);
}
