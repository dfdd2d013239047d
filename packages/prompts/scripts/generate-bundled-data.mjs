// Writes two modules from the data files under src/data: src/data/bundled-texts.ts, the Markdown
// files as typed string constants, and src/data/bundled-models.ts, the catalog of models.json as
// typed entries whose texts refer to those constants. The build bundles them into dist/index.js,
// so the data travels with the published package, and importing the package reads, parses and
// checks nothing: the compiler checks the entries against their types, and
// `bundled-data.test.ts` checks the data against the package's schemas and fails when these
// modules and the files disagree.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const packageDirectory = fileURLToPath(new URL("..", import.meta.url));

/** The directory holding the data files. */
export const dataDirectory = join(packageDirectory, "src", "data");

/** The generated module of the texts. */
export const textsModulePath = join(dataDirectory, "bundled-texts.ts");

/** The generated module of the catalog, which imports the texts' module. */
export const modelsModulePath = join(dataDirectory, "bundled-models.ts");

/**
 * Reads every `.md` and `.json` file under `directory`, keyed by its path relative to
 * `directory` with `/` separators, in sorted order.
 * @param {string} directory
 * @returns {Map<string, string>}
 */
export function readDataFiles(directory = dataDirectory) {
  /** @type {string[]} */
  const paths = [];
  const walk = (/** @type {string} */ current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.(md|json)$/.test(entry.name)) paths.push(path);
    }
  };
  walk(directory);
  const files = new Map();
  for (const path of paths.map((path) => relative(directory, path).split(sep).join("/")).sort()) {
    files.set(path, readFileSync(join(directory, path), "utf8"));
  }
  return files;
}

/**
 * The source texts of the generated modules for `files` (path → contents, as
 * {@link readDataFiles} returns them): `texts`, the module of the texts, and `models`, the module
 * of the catalog.
 *
 * Each Markdown file becomes a string without its trailing white space, at
 * `bundledTexts.<directory>.<name>` with every part of its path in camel case
 * (`permissions/sandbox/read-only.md` → `bundledTexts.permissions.sandbox.readOnly`).
 * `models.json` is `{ "fallback": entry, "models": [entry, …] }`, where every `{ "file": path }`
 * stands for that Markdown file's text, and an entry with an `instructionsTemplate` but no
 * `baseInstructions` gets the template filled with its `default` personality message. A template
 * filled that way is written once, as the parts around its `{{ personality }}` placeholders, and
 * both the template and the filled text are joined from those parts (the filled texts exported
 * from the texts' module), so the modules hold no text twice.
 * @param {Map<string, string>} files
 * @returns {{ texts: string, models: string }}
 * @throws {Error} when `models.json` is missing, is not JSON, is not of that shape, or refers to
 * a file that does not exist.
 */
export function renderBundledDataModules(files) {
  /** @type {Map<string, Expression>} Markdown path → the expression that reads its text. */
  const references = new Map();
  /** @type {Map<string, { branch: TextTree, name: string }>} Markdown path → where its text is. */
  const places = new Map();
  /** @type {TextTree} */
  const texts = new Map();
  for (const [path, text] of files) {
    if (!path.endsWith(".md")) continue;
    const names = path.slice(0, -".md".length).split("/").map(camelCase);
    references.set(path, new Expression(`bundledTexts.${names.join(".")}`));
    let branch = texts;
    for (const name of names.slice(0, -1)) {
      const next = branch.get(name) ?? new Map();
      if (!(next instanceof Map)) throw new Error(`${path}: clashes with another data file`);
      branch.set(name, next);
      branch = next;
    }
    const name = names.at(-1) ?? "";
    branch.set(name, text.trimEnd());
    places.set(path, { branch, name });
  }
  const catalog = readCatalog(files);
  /** @type {Map<string, string[]>} template path → the names of the parts around its placeholders */
  const templateParts = new Map();
  /** @type {Map<string, string>} the name of each part → its text */
  const parts = new Map();
  const partsOf = (/** @type {string} */ path) => {
    const known = templateParts.get(path);
    if (known !== undefined) return known;
    const pieces = textOf(files, path).split("{{ personality }}");
    const names = pieces.map((_piece, index) => `${baseName(path)}Part${index + 1}`);
    for (const [index, name] of names.entries()) parts.set(name, pieces[index] ?? "");
    const place = places.get(path);
    place?.branch.set(place.name, new Expression(joinedParts(names, "{{ personality }}")));
    templateParts.set(path, names);
    return names;
  };
  /** @type {Map<string, string>} the name of each derived text → the expression that joins it */
  const derived = new Map();
  const entry = (/** @type {Record<string, unknown>} */ value) => {
    const resolved = resolveReferences(value, references);
    const template = value.instructionsTemplate;
    if (value.baseInstructions !== undefined || !isFileReference(template)) return resolved;
    const messages = value.personalityMessages;
    const message =
      isObject(messages) && isFileReference(messages.default) ? messages.default : undefined;
    const name = `${baseName(template.file)}With${message === undefined ? "No" : capitalized(baseName(message.file))}Personality`;
    const messageSource =
      message === undefined ? "" : `\${${referenceTo(message.file, references).source}}`;
    derived.set(name, joinedParts(partsOf(template.file), messageSource));
    // The derived field stands where the entries that give it explicitly have it: first.
    return { baseInstructions: new Expression(name), ...resolved };
  };
  const fallback = renderValue(entry(catalog.fallback), "");
  const models = renderValue(catalog.models.map(entry), "");
  const generated = [
    "// Generated by scripts/generate-bundled-data.mjs from the Markdown and JSON files beside",
    "// this one. Do not edit: change those files and run `pnpm generate`.",
  ];
  const textLines = [...generated];
  for (const [name, text] of parts) {
    textLines.push(
      "",
      `/** Part of a template, up to or after one of its \`{{ personality }}\` placeholders. */`,
      `const ${name} = ${toTemplateLiteral(text)};`,
    );
  }
  textLines.push(
    "",
    "/**",
    " * The package's Markdown files, each without its trailing white space, at the camel-case",
    " * spelling of its path under `src/data`.",
    " */",
    `export const bundledTexts = ${renderTexts(texts, "")};`,
  );
  for (const [name, source] of derived) {
    textLines.push(
      "",
      "/** A template filled with a personality message: a model's base instructions. */",
      `export const ${name} = ${source};`,
    );
  }
  const textNames = ["bundledTexts", ...derived.keys()].sort();
  const modelLines = [
    ...generated,
    'import type { ModelFallback, ModelInfo } from "../model-info.js";',
    `import { ${textNames.join(", ")} } from "./bundled-texts.js";`,
    "",
    "/** The `fallback` of `models.json`. */",
    `export const bundledFallback: ModelFallback = ${fallback};`,
    "",
    "/** The `models` of `models.json`. */",
    `export const bundledModels: readonly ModelInfo[] = ${models};`,
  ];
  return { texts: `${textLines.join("\n")}\n`, models: `${modelLines.join("\n")}\n` };
}

/**
 * `text` as a template literal: Biome leaves the inside of one alone, so the module stays as
 * generated after `biome check --write`, and the text stays readable in review. A carriage
 * return is escaped because a template literal would turn a raw one into a line feed.
 * @param {string} text
 * @returns {string}
 */
export function toTemplateLiteral(text) {
  const escaped = text.replace(/\\|`|\$\{|\r/g, (match) => (match === "\r" ? "\\r" : `\\${match}`));
  return `\`${escaped}\``;
}

/**
 * A template literal that joins the constants `names` with `between` (template literal source)
 * between each two.
 * @param {string[]} names
 * @param {string} between
 * @returns {string}
 */
function joinedParts(names, between) {
  return `\`${names.map((name) => `\${${name}}`).join(between)}\``;
}

/** @typedef {Map<string, string | Expression | TextTree>} TextTree */

/**
 * @param {TextTree} tree
 * @param {string} indent
 * @returns {string}
 */
function renderTexts(tree, indent) {
  const inner = `${indent}  `;
  const members = [...tree].map(([name, value]) => {
    const rendered =
      value instanceof Expression
        ? value.source
        : typeof value === "string"
          ? toTemplateLiteral(value)
          : renderTexts(value, inner);
    return `${inner}${name}: ${rendered},`;
  });
  return `{\n${members.join("\n")}\n${indent}}`;
}

/** Source text to write as it is, in place of a value. */
class Expression {
  /** @param {string} source */
  constructor(source) {
    this.source = source;
  }
}

/**
 * `value` with every file reference replaced by the expression that reads the file's text.
 * @param {unknown} value
 * @param {Map<string, Expression>} references
 * @returns {unknown}
 */
function resolveReferences(value, references) {
  if (isFileReference(value)) return referenceTo(value.file, references);
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, references));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolveReferences(item, references)]),
  );
}

/**
 * The expression that reads the text of the Markdown file at `path`.
 * @param {string} path
 * @param {Map<string, Expression>} references
 * @returns {Expression}
 */
function referenceTo(path, references) {
  const expression = references.get(path);
  if (expression === undefined) {
    throw new Error(`models.json refers to a missing Markdown file: ${path}`);
  }
  return expression;
}

/**
 * A JSON value, possibly holding expressions, as TypeScript source: objects and arrays one
 * member a line, which Biome keeps as they are.
 * @param {unknown} value
 * @param {string} indent
 * @returns {string}
 */
function renderValue(value, indent) {
  if (value instanceof Expression) return value.source;
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => `${inner}${renderValue(item, inner)},`);
    return `[\n${items.join("\n")}\n${indent}]`;
  }
  const members = Object.entries(value).map(([key, item]) => {
    const rendered = renderValue(item, inner);
    const line = `${inner}${propertyName(key)}: ${rendered},`;
    // Biome, as Prettier, moves a value that does not fit the line onto the next one, indented
    // once more, unless the key is shorter than the indent plus three.
    const name = propertyName(key);
    return name.length >= 5 && displayWidth(line) > lineWidth && !rendered.includes("\n")
      ? `${inner}${name}:\n${inner}  ${rendered},`
      : line;
  });
  return `{\n${members.join("\n")}\n${indent}}`;
}

/** Biome's line width (biome.json), which the generated module must fit. */
const lineWidth = 100;

/**
 * The columns `text` takes as Biome counts them: two for a wide East Asian character, one for any
 * other.
 * @param {string} text
 */
function displayWidth(text) {
  let width = 0;
  for (const character of text) {
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        character,
      )
        ? 2
        : 1;
  }
  return width;
}

/** @param {string} key */
function propertyName(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** @param {string} path */
function baseName(path) {
  return camelCase(path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, ""));
}

/** @param {string} name */
function capitalized(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** @param {string} name */
function camelCase(name) {
  return name.replace(/[-_.]+([a-z0-9])/gi, (_match, letter) => letter.toUpperCase());
}

/**
 * @param {unknown} value
 * @returns {value is { file: string }}
 */
function isFileReference(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (/** @type {{ file?: unknown }} */ (value).file) === "string"
  );
}

/**
 * @param {Map<string, string>} files
 * @param {string} path
 */
function textOf(files, path) {
  const text = files.get(path);
  if (text === undefined) throw new Error(`models.json refers to a missing Markdown file: ${path}`);
  return text.trimEnd();
}

/**
 * @param {Map<string, string>} files
 * @returns {{ fallback: Record<string, unknown>, models: Record<string, unknown>[] }}
 */
function readCatalog(files) {
  const text = files.get("models.json");
  if (text === undefined) throw new Error("models.json is missing");
  /** @type {unknown} */
  let catalog;
  try {
    catalog = JSON.parse(text);
  } catch (error) {
    throw new Error("models.json is not valid JSON", { cause: error });
  }
  if (
    !isObject(catalog) ||
    Object.keys(catalog).sort().join() !== "fallback,models" ||
    !isObject(catalog.fallback) ||
    !Array.isArray(catalog.models) ||
    !catalog.models.every(isObject)
  ) {
    throw new Error('models.json must be { "fallback": entry, "models": [entry, …] }');
  }
  return catalog;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const modules = renderBundledDataModules(readDataFiles());
  for (const [path, text] of [
    [textsModulePath, modules.texts],
    [modelsModulePath, modules.models],
  ]) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      // Not generated yet.
    }
    if (current !== text) writeFileSync(path, text);
  }
}
