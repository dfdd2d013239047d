import type { AgentsMdFileSystem } from "@ctx/agents-md";
import { parse, TomlError } from "smol-toml";
import { CodexConfigError } from "./codex-config-error.js";
import { keyLines } from "./key-lines.js";
import { readConfigFile } from "./read-config-file.js";

/** A configuration file's TOML document and the line of each of its keys. */
export interface TomlDocument {
  readonly document: Record<string, unknown>;
  readonly lines: ReadonlyMap<string, number>;
}

/**
 * The TOML document of the file at `path` and its key lines, or `undefined` when it is missing;
 * bounded as {@link readConfigFile} reads.
 *
 * @throws {CodexConfigError} what {@link readConfigFile} throws, and `invalid-toml` with the line.
 */
export async function readToml(
  fs: AgentsMdFileSystem,
  path: string,
  maxBytes: number,
): Promise<TomlDocument | undefined> {
  const text = await readConfigFile(fs, path, maxBytes);
  if (text === undefined) return undefined;
  try {
    return { document: parse(text) as Record<string, unknown>, lines: keyLines(text) };
  } catch (error) {
    const where = error instanceof TomlError ? `:${error.line}` : "";
    const detail = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new CodexConfigError("invalid-toml", `${path}${where} is not valid TOML (${detail})`, {
      path,
      cause: error,
    });
  }
}
