import type { CtxWarning } from "@ctx/text";

/** How many lines that do not fit their format are named one by one; the rest are counted. */
const named = 10;

/** The lines of a transcript `ctx inspect` could not read: the first ten named, the rest counted. */
export class UnreadLines {
  count = 0;

  constructor(private readonly warnings: CtxWarning[]) {}

  /** Names line `line`, which could not be read, and why: the first ten, the rest counted. */
  add(line: number, reason: string): void {
    this.count += 1;
    if (this.count <= named) {
      this.warnings.push({
        code: "line-does-not-fit",
        message: `line ${line} was skipped: ${reason}`,
      });
    }
  }

  /** Says how many more lines were skipped than were named, once the transcript is read. */
  finish(): void {
    if (this.count <= named) return;
    this.warnings.push({
      code: "lines-do-not-fit",
      message: `${this.count - named} more line(s) that could not be read were skipped`,
    });
  }
}
