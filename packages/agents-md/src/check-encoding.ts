import type { BinaryFileWarning, InvalidUtf8Warning } from "./agents-md-warning.js";
import { isValidUtf8 } from "./utf8.js";

/**
 * The warnings `bytes` read from `path` deserve: `binary-file` when they hold a NUL byte,
 * otherwise `invalid-utf8` when they are not UTF-8. The caller leaves out a character split by
 * a cut, which is not an encoding problem.
 */
export function checkEncoding(
  bytes: Uint8Array,
  path: string,
  environment: string | null,
): (BinaryFileWarning | InvalidUtf8Warning)[] {
  if (bytes.includes(0)) {
    return [
      {
        code: "binary-file",
        message: `${path} holds NUL bytes, so it is most likely not text; it is skipped`,
        path,
        environment,
      },
    ];
  }
  if (isValidUtf8(bytes)) return [];
  return [
    {
      code: "invalid-utf8",
      message: `${path} is not valid UTF-8; the invalid bytes show as U+FFFD`,
      path,
      environment,
    },
  ];
}
