// @ts-check
// Lists each name a package's entry exports and the files that import it through that entry:
// `node scripts/export-importers.mjs session` (a folder under packages/). Files outside the
// package are its users; a file inside it counts only when it imports the entry itself
// (`@ctx/session` or `./index.js`), as a test of the public surface does. A README's code blocks
// are read as the files they are, so an example's import counts too.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const skipped = new Set(["node_modules", "dist", ".git", ".turbo", ".typecheck", ".vitest"]);
const extensions = /\.(?:ts|tsx|mts|mjs|js|md)$/;

/**
 * The files under `directory` that may import a package, skipping build output.
 * @param {string} directory
 * @returns {string[]}
 */
function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return extensions.test(entry.name) ? [path] : [];
  });
}

/**
 * The names in the `{ … }` lists of `text`'s export statements (or import statements).
 * @param {string} list the text between the braces
 * @returns {string[]}
 */
function namesOf(list) {
  return list
    .split(",")
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, "")
        .replace(/\s+as\s+\w+$/, ""),
    )
    .filter((name) => name !== "");
}

/**
 * What `text` takes from the module `specifier`: named imports and re-exports, the names read
 * off a dynamic import (`const { a } = await import(…)`, `(await import(…)).a`), or every name
 * (`*`) for a namespace import. A bare `import(…)` (a load timed, say) takes no name.
 * @param {string} text
 * @param {string} specifier
 * @returns {string[]}
 */
function importedNames(text, specifier) {
  const quoted = `["']${specifier.replace(/[./]/g, (character) => `\\${character}`)}["']`;
  const patterns = [
    `(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`,
    `\\{([^}]*)\\}\\s*=\\s*await\\s+import\\(\\s*${quoted}\\s*\\)`,
    `\\(await\\s+import\\(\\s*${quoted}\\s*\\)\\)\\.(\\w+)`,
  ];
  const names = patterns.flatMap((pattern) =>
    [...text.matchAll(new RegExp(pattern, "g"))].flatMap((match) =>
      namesOf((match[1] ?? "").replace(/:\\s*\\w+/g, "")),
    ),
  );
  const whole = new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*${quoted}`);
  return whole.test(text) ? [...names, "*"] : names;
}

const folder = process.argv[2];
if (folder === undefined) {
  console.error("usage: node scripts/export-importers.mjs <package folder>");
  process.exit(2);
}
const packageRoot = join(root, "packages", folder);
const entry = join(packageRoot, "src", "index.ts");
const { name: packageName } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8"));
const exported = [...readFileSync(entry, "utf8").matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)]
  .flatMap((match) => namesOf(match[1] ?? ""))
  .sort();

/** @type {Map<string, string[]>} */
const importers = new Map(exported.map((name) => [name, []]));
const scanned = [join(root, "packages"), join(root, "scripts"), join(root, "examples")];
for (const file of scanned.flatMap(sourceFiles)) {
  if (file === entry) continue;
  const inside = file.startsWith(`${packageRoot}/`);
  const text = readFileSync(file, "utf8");
  const names = importedNames(text, packageName);
  if (inside) names.push(...importedNames(text, "./index.js"));
  const unique = new Set(names.includes("*") ? exported : names);
  for (const name of unique) importers.get(name)?.push(relative(root, file));
}

for (const [name, files] of importers) {
  console.log(files.length === 0 ? `${name}: (none)` : `${name}: ${files.join(", ")}`);
}
const unused = [...importers].filter(([, files]) => files.length === 0).length;
console.log(`${exported.length} exports, ${unused} imported by nothing outside ${packageName}`);
