import { type FileHandle, open, stat } from "node:fs/promises";

/** The `code` of a file-system error (`ENOENT`, `EEXIST`, …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}

/** Opens a file, or answers `undefined` when it does not exist. */
export async function openIfPresent(
  path: string,
  flags: string | number,
): Promise<FileHandle | undefined> {
  try {
    return await open(path, flags);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Whether a file exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
}
