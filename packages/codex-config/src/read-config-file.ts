import type { AgentsMdFileSystem, OpenedFile } from "@ctx/agents-md";
import { CodexConfigError } from "./codex-config-error.js";

/**
 * The text of the file at `path`, or `undefined` when there is none; bounded before it reads.
 * The file is opened once and judged by what was opened: anything but a regular file (a FIFO, a
 * device such as `/dev/zero` behind a link, a folder) is refused without a byte read; a size
 * over `maxBytes` in its stat is refused before reading, and the read itself stops at
 * `maxBytes + 1` bytes, so a file that grows in between is refused too. Bytes that are not
 * UTF-8 are refused, as Codex refuses them; a leading byte-order mark is dropped.
 *
 * @throws {CodexConfigError} `not-a-file`, `too-large`, `not-utf8`, or `read-failed` when the
 * file system fails otherwise.
 */
export async function readConfigFile(
  fs: AgentsMdFileSystem,
  path: string,
  maxBytes: number,
): Promise<string | undefined> {
  let file: OpenedFile;
  try {
    file = await fs.open(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw readFailed(path, error);
  }
  let bytes: Uint8Array;
  try {
    const stat = await file.stat().catch((error: unknown) => {
      throw readFailed(path, error);
    });
    if (stat.kind !== "file") {
      throw new CodexConfigError(
        "not-a-file",
        `${path} is not a regular file (it is ${stat.kind === "directory" ? "a folder" : "a device, FIFO or socket"}); Codex refuses it too`,
        { path },
      );
    }
    if (stat.size > maxBytes) throw tooLarge(path, maxBytes);
    bytes = await file.read(maxBytes + 1).catch((error: unknown) => {
      throw readFailed(path, error);
    });
  } finally {
    await file.close();
  }
  if (bytes.length > maxBytes) throw tooLarge(path, maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    throw new CodexConfigError(
      "not-utf8",
      `${path} is not UTF-8 text (at byte ${firstBadByte(bytes)}); Codex refuses it too`,
      { path, cause: error },
    );
  }
}

function isMissing(error: unknown): boolean {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : null;
  return code === "ENOENT" || code === "ENOTDIR";
}

function readFailed(path: string, error: unknown): CodexConfigError {
  const detail = error instanceof Error ? error.message : String(error);
  return new CodexConfigError("read-failed", `cannot read ${path}: ${detail}`, {
    path,
    cause: error,
  });
}

function tooLarge(path: string, maxBytes: number): CodexConfigError {
  return new CodexConfigError("too-large", `${path} is larger than ${maxBytes} bytes`, { path });
}

/** The offset of the first byte that does not decode, found by decoding ever longer prefixes' ends. */
function firstBadByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0;
  while (offset < bytes.length) {
    const lead = bytes[offset] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (length === 0) return offset;
    try {
      decoder.decode(bytes.subarray(offset, offset + length));
    } catch {
      return offset;
    }
    offset += length;
  }
  return offset;
}
