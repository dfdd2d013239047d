/** The directory holding the data files. */
export declare const dataDirectory: string;
/** The generated module. */
export declare const modulePath: string;
/**
 * Reads every `.md` and `.json` file under `directory`, keyed by its path relative to
 * `directory` with `/` separators, in sorted order.
 */
export declare function readDataFiles(directory?: string): Map<string, string>;
/** The source text of the generated module for `files`. */
export declare function renderBundledFilesModule(files: Map<string, string>): string;
