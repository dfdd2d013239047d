import type { MemoryFileContent, RepeatedContent } from "./memory-entry.js";

const encoder = new TextEncoder();

/** What an in-memory file holds once placed: its text encoded, bytes and repeats kept. */
export function toContent(content: MemoryFileContent): Uint8Array | RepeatedContent {
  if (typeof content === "string") return encoder.encode(content);
  if (content instanceof Uint8Array) return content;
  return content;
}

/** The size in bytes of an in-memory file's content. */
export function contentSize(content: Uint8Array | RepeatedContent): number {
  return content instanceof Uint8Array ? content.length : content.bytes;
}

/** The first `maxBytes` bytes of an in-memory file's content, a repeated one made only that long. */
export function readContent(content: Uint8Array | RepeatedContent, maxBytes: number): Uint8Array {
  if (content instanceof Uint8Array) return content.slice(0, maxBytes);
  const length = Math.min(content.bytes, maxBytes);
  const unit = encoder.encode(content.repeat);
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += unit.length) {
    bytes.set(unit.subarray(0, Math.min(unit.length, length - offset)), offset);
  }
  return bytes;
}
