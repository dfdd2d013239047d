/** The note Codex puts between the head and the tail of a user's message cut at a compaction. */
const elisionNote = /^…\d+ tokens truncated…$/;

/**
 * Whether `text` is a piece of one of `prompts` cut across a compaction: its head (a prefix),
 * the elision note, or its tail (a suffix). Codex sends a kept message over the budget as these
 * three parts of one message; a message cut again keeps a shorter head and tail of the same prompt.
 */
export function isKeptUserInput(text: string, prompts: ReadonlySet<string>): boolean {
  if (elisionNote.test(text)) return true;
  if (text === "") return false;
  for (const prompt of prompts) {
    if (prompt !== text && (prompt.startsWith(text) || prompt.endsWith(text))) return true;
  }
  return false;
}
