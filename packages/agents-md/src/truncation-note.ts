/**
 * The note added after a cut file's text when `truncationNote` is on, so the model knows the
 * instructions go on and where to find the rest. It is not counted against the budget.
 */
export function truncationNote(path: string, keptBytes: number, totalBytes: number): string {
  return `\n\n[Cut short: only the first ${keptBytes} of ${totalBytes} bytes of ${path} fit the instruction budget. Read that file for the rest.]`;
}
