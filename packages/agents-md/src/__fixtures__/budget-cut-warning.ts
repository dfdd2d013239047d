import type { FileCutWarning } from "../agents-md-warning.js";

/**
 * The `file-cut` warning for the local file at `path` of `bytes` bytes that the instruction
 * budget cut to `keptBytes`, no character split.
 */
export function budgetCutWarning(path: string, bytes: number, keptBytes: number): FileCutWarning {
  return {
    code: "file-cut",
    message: `${path} was cut to ${keptBytes} of ${bytes} bytes: the instruction budget ran out`,
    path,
    environment: "local",
    limit: "budget",
    bytes,
    keptBytes,
    droppedBytes: bytes - keptBytes,
    splitCharacter: false,
  };
}
