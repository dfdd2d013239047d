import { isUtf8 } from "node:buffer";
import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LineDamage, type RolloutLine, readRolloutLines } from "./rollout-lines.js";

async function linesOf(
  content: string | Buffer,
  maxLineBytes: number,
  chunkBytes?: number,
): Promise<RolloutLine[]> {
  const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-lines-")));
  const path = join(folder, "file.jsonl");
  await writeFile(path, content);
  const lines: RolloutLine[] = [];
  for await (const line of readRolloutLines(path, maxLineBytes, chunkBytes)) lines.push(line);
  return lines;
}

describe("readRolloutLines", () => {
  it("yields each line without its line end, the last one without a newline too", async () => {
    expect(await linesOf('{"a":1}\r\n\n{"b":"é"}\n{"c":3}', 100)).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 2, text: "" },
      { number: 3, text: '{"b":"é"}' },
      { number: 4, text: '{"c":3}', unended: true },
    ]);
  });

  it("gives a line over the limit as its size alone, across chunks", async () => {
    // 200,000 bytes span several 64 KiB chunks.
    const long = "x".repeat(200_000);
    expect(await linesOf(`short\n${long}\n${"y".repeat(10)}\nend`, 10, 64 * 1024)).toEqual([
      { number: 1, text: "short" },
      { number: 2, bytes: 200_000 },
      { number: 3, text: "y".repeat(10) },
      { number: 4, text: "end", unended: true },
    ]);
  });

  it("names a line whose bytes are not UTF-8, or hold zero bytes", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
      Buffer.alloc(6),
      Buffer.from('\n{"b":"é"}\n'),
    ]);
    const lines = await linesOf(bytes, 100);
    expect(lines.map((line) => ("damage" in line ? line.damage : undefined))).toEqual([
      "not-utf8",
      "zeroed",
      undefined,
    ]);
  });

  it("keeps a character whose bytes fall in two chunks whole", async () => {
    const text = `${"a".repeat(65_535)}é`;
    expect(await linesOf(`${text}\n`, 1 << 20, 64 * 1024)).toEqual([{ number: 1, text }]);
  });

  it("reads any file's lines as cutting its bytes at each newline does, across chunks", async () => {
    // Stretches of bytes that make lines of every sort: long, short, empty, CRLF, with a
    // character of two bytes (which a chunk may cut), a zero byte or a byte that is not UTF-8.
    const stretch = fc.oneof(
      fc.integer({ min: 1, max: 40_000 }).map((length) => Buffer.alloc(length, "a")),
      fc.constantFrom(
        Buffer.from("\n"),
        Buffer.from("\r\n"),
        Buffer.from("\r"),
        Buffer.from("é"),
        Buffer.from([0]),
        Buffer.from([0xff]),
        Buffer.from('{"b":2}'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(stretch, { maxLength: 30 }),
        fc.constantFrom(10, 30_000, 1 << 20),
        // Small chunks of an odd size cut lines and characters anywhere; the default reads most
        // of these files whole.
        fc.constantFrom(4093, 64 * 1024, undefined),
        async (stretches, maxLineBytes, chunkBytes) => {
          const bytes = Buffer.concat(stretches);
          const expected: RolloutLine[] = [];
          let start = 0;
          for (let number = 1; start < bytes.length; number += 1) {
            const found = bytes.indexOf(0x0a, start);
            const line = bytes.subarray(start, found === -1 ? bytes.length : found);
            start = found === -1 ? bytes.length : found + 1;
            if (line.length > maxLineBytes) {
              expected.push({ number, bytes: line.length });
              continue;
            }
            const damage: LineDamage | undefined = line.includes(0)
              ? "zeroed"
              : isUtf8(line)
                ? undefined
                : "not-utf8";
            const text = (line.at(-1) === 0x0d ? line.subarray(0, -1) : line).toString("utf8");
            expected.push({
              number,
              text,
              ...(damage === undefined ? {} : { damage }),
              ...(found === -1 ? { unended: true as const } : {}),
            });
          }
          expect(await linesOf(bytes, maxLineBytes, chunkBytes)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
