import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createChunkedWriter } from "./chunked-writer.js";

/** A stream whose buffer is full after every write until `drain` is emitted. */
class FullStream extends EventEmitter {
  readonly written: string[] = [];
  write(text: string): boolean {
    this.written.push(text);
    return false;
  }
}

describe("createChunkedWriter", () => {
  it("holds text back until a chunk is full, then waits for the stream to drain", async () => {
    const stream = new FullStream();
    const writer = createChunkedWriter(stream, 4);
    await writer.write("ab");
    expect(stream.written).toEqual([]);
    let drained = false;
    const pending = writer.write("cd").then(() => {
      drained = true;
    });
    await Promise.resolve();
    expect(stream.written).toEqual(["abcd"]);
    expect(drained).toBe(false);
    stream.emit("drain");
    await pending;
    expect(drained).toBe(true);
  });

  it("writes the rest on flush", async () => {
    const written: string[] = [];
    const writer = createChunkedWriter({ write: (text: string) => written.push(text) });
    await writer.write("one");
    await writer.flush();
    await writer.flush();
    expect(written).toEqual(["one"]);
  });
});
