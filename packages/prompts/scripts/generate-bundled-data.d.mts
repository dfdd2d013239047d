/** The directory holding the data files. */
export declare const dataDirectory: string;
/** The generated module. */
export declare const modulePath: string;
/**
 * Reads every `.md` and `.json` file under `directory`, keyed by its path relative to
 * `directory` with `/` separators, in sorted order.
 */
export declare function readDataFiles(directory?: string): Map<string, string>;
/**
 * The source text of the generated module for `files`: the Markdown files as `bundledTexts`,
 * and the catalog of `models.json` as `bundledFallback` and `bundledModels`.
 * @throws {Error} when `models.json` is missing, is not JSON, is not of the expected shape, or
 * refers to a file that does not exist.
 */
export declare function renderBundledDataModule(files: Map<string, string>): string;
/** `text` as a template literal that evaluates to `text`. */
export declare function toTemplateLiteral(text: string): string;
