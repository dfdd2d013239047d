import { checkSchema } from "./check-argument.js";
import type { FileStat, OpenedFile } from "./file-system.js";
import { fileSystemError } from "./file-system-failure.js";
import { byteCountSchema } from "./file-system-schemas.js";
import { readContent } from "./memory-file-content.js";
import type { MemoryNode } from "./memory-node.js";

/** The file `open` gave: bound to the node it found, whatever happens to the path later. */
export function openedFile(node: MemoryNode, stat: FileStat, path: string): OpenedFile {
  return {
    stat: async () => stat,
    async read(maxBytes) {
      const limit = checkSchema("maxBytes", maxBytes, byteCountSchema);
      if (node.kind === "directory") throw fileSystemError("EISDIR", "read", path);
      if (node.kind !== "file") throw fileSystemError("ENOTFILE", "read", path);
      if (node.readError !== undefined) throw fileSystemError(node.readError, "read", path);
      return readContent(node.content, limit);
    },
    close: async () => undefined,
  };
}
