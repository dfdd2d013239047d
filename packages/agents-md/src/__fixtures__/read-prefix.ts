import type { AgentsMdFileSystem } from "../file-system.js";
import { readCheckedFile } from "../read-checked-file.js";

/** The first `maxBytes` bytes of the regular file at `path`, read as discovery reads it. */
export async function readPrefix(
  fs: AgentsMdFileSystem,
  path: string,
  maxBytes: number,
): Promise<Uint8Array> {
  return (await readCheckedFile(fs, path, { maxBytes, identity: null, noFollow: false })).bytes;
}
