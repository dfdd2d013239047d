/** The directory holding the data files. */
export declare const dataDirectory: string;
/** The generated module of the texts. */
export declare const textsModulePath: string;
/** The generated module of the catalog, which imports the texts' module. */
export declare const modelsModulePath: string;
/**
 * Reads every `.md` and `.json` file under `directory`, keyed by its path relative to
 * `directory` with `/` separators, in sorted order.
 */
export declare function readDataFiles(directory?: string): Map<string, string>;
/**
 * The source texts of the generated modules for `files`: `texts`, the Markdown files as
 * `bundledTexts` (and the templates filled with a personality), and `models`, the catalog of
 * `models.json` as `bundledFallback` and `bundledModels`, importing the texts' module.
 * @throws {Error} when `models.json` is missing, is not JSON, is not of the expected shape, or
 * refers to a file that does not exist.
 */
export declare function renderBundledDataModules(files: Map<string, string>): {
  readonly texts: string;
  readonly models: string;
};
/** `text` as a template literal that evaluates to `text`. */
export declare function toTemplateLiteral(text: string): string;
