import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";

/**
 * Writes a Codex rollout of real texts to `path`: the lines of every Codex rollout of
 * `@ctx/fixtures` (written by Codex itself, with the prose, code, tool output and other
 * scripts that real sessions hold), one rollout after another and over again until the file
 * holds at least `bytes` bytes. Returns the bytes written.
 */
export async function writeRealTextRollout(path: string, bytes: number): Promise<number> {
  const rollouts = await Promise.all(
    codexRolloutNames.map(async (name) => {
      const text = await readFile(codexRolloutPath(name), "utf8");
      return Buffer.from(text.endsWith("\n") ? text : `${text}\n`);
    }),
  );
  const file = createWriteStream(path);
  let written = 0;
  while (written < bytes) {
    for (const rollout of rollouts) {
      if (!file.write(rollout)) await once(file, "drain");
      written += rollout.length;
    }
  }
  file.end();
  await once(file, "finish");
  return written;
}
