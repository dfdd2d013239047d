import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type RolloutLine, readRolloutLines } from "./rollout-lines.js";

async function linesOf(content: string | Buffer, maxLineBytes: number): Promise<RolloutLine[]> {
  const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-lines-")));
  const path = join(folder, "file.jsonl");
  await writeFile(path, content);
  const lines: RolloutLine[] = [];
  for await (const line of readRolloutLines(path, maxLineBytes)) lines.push(line);
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

  it("gives a line over the limit as its size alone, across the stream's chunks", async () => {
    // 200,000 bytes span several of the stream's 64 KiB chunks.
    const long = "x".repeat(200_000);
    expect(await linesOf(`short\n${long}\n${"y".repeat(10)}\nend`, 10)).toEqual([
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
    expect(await linesOf(`${text}\n`, 1 << 20)).toEqual([{ number: 1, text }]);
  });
});
