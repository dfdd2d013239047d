import type { OpenedFile } from "./file-system.js";
import type { CheckedOpen } from "./read-checked-file.js";

/**
 * The opens of a batch of files, reading every opened file at once when all of them fit in
 * `remaining` together (each whole as its stat says, plus `slack` bytes), so that the reads do
 * not wait for one another. A file's `read` then answers from the bytes read ahead whenever
 * they cover what is asked (the whole file, or at least `maxBytes` of it), and reads again
 * otherwise (a file that grew since its stat). When the files do not fit, the opens are
 * returned as they are: each is read when the budget says how far.
 */
export function readAhead(
  opens: readonly CheckedOpen[],
  remaining: number,
  slack: number,
): CheckedOpen[] {
  let total = 0;
  for (const open of opens) if ("opened" in open) total += open.opened.stat.size + slack;
  if (total > remaining) return [...opens];
  return opens.map((open) => {
    if ("error" in open) return open;
    const { stat, file } = open.opened;
    return { opened: { stat, file: readingAhead(file, stat.size + slack) } };
  });
}

function readingAhead(file: OpenedFile, limit: number): OpenedFile {
  // Settled at once, so that a failed read is not an unhandled rejection while earlier files load.
  const ahead = file.read(limit).then(
    (bytes) => ({ bytes }),
    (error: unknown) => ({ error }),
  );
  return {
    stat: () => file.stat(),
    close: () => file.close(),
    async read(maxBytes) {
      const result = await ahead;
      if ("error" in result) throw result.error;
      const { bytes } = result;
      return bytes.length < limit || maxBytes <= limit
        ? bytes.subarray(0, maxBytes)
        : file.read(maxBytes);
    },
  };
}
