import { benchOptions, benchSize, isQuickBench } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { utf8ByteLength, walkedByteLength } from "./utf8-byte-length.js";

/** A flat string, as JSON.parse gives when a history is read, not a lazily concatenated one. */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

const encoder = new TextEncoder();

// utf8ByteLength should stay within 1.5× of encoding the text whole (its goal), and well ahead
// of walking the code points (what a runtime without TextEncoder does). Texts of megabytes;
// of kilobytes in a quick run.
const unit = isQuickBench() ? "KB" : "MB";
const units = benchSize(1024 * 1024, 1024);
for (const [label, text] of [
  [
    `8 ${unit} of two-byte characters and ASCII`,
    flat(`${"é".repeat(2 * units)}${"z".repeat(4 * units)}`),
  ],
  [`4 ${unit} of mixed scripts and emoji`, flat("aé中😀 ".repeat(benchSize(400_000, 400)))],
] as const) {
  describe(`UTF-8 length of ${label}`, () => {
    bench("utf8ByteLength", () => void utf8ByteLength(text), benchOptions({ iterations: 5 }));
    bench(
      "TextEncoder.encode(text).length",
      () => void encoder.encode(text).length,
      benchOptions({ iterations: 5 }),
    );
    bench(
      "walking the code points",
      () => void walkedByteLength(text),
      benchOptions({ iterations: 5 }),
    );
  });
}
