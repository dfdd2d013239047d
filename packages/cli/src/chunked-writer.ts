import type { OutputStream } from "./terminal.js";

/** Writes to a stream in chunks, waiting while the stream's buffer is full. */
export interface ChunkedWriter {
  /** Adds `text`; resolves at once, or once the stream has room when a chunk went out. */
  write(text: string): Promise<void>;
  /** Writes what is held back, and waits until the stream has room. */
  flush(): Promise<void>;
}

/**
 * A writer that gathers text into chunks of about `chunkSize` characters and, when the stream
 * says its buffer is full, waits for it to drain, so a long output (every item of a big rollout)
 * never piles up in memory.
 */
export function createChunkedWriter(stream: OutputStream, chunkSize = 1 << 16): ChunkedWriter {
  let held = "";
  const flush = async () => {
    if (held === "") return;
    const text = held;
    held = "";
    if (stream.write(text) === false && stream.once !== undefined) {
      const once = stream.once.bind(stream);
      await new Promise<void>((resolve) => once("drain", () => resolve()));
    }
  };
  return {
    write: async (text) => {
      held += text;
      if (held.length >= chunkSize) await flush();
    },
    flush,
  };
}
