import type { CtxWarning } from "@ctx/text";

/** Lines of an imported file counted under one warning: how many, and the first. */
export class LineCount {
  count = 0;
  first = 0;

  /** Counts line `line` (its number), remembering the first. */
  note(line: number): void {
    if (this.count === 0) this.first = line;
    this.count += 1;
  }

  /** The warning `code` saying what the counted lines of the `file` do, or none when none was counted. */
  warning(code: string, file: string, says: string): CtxWarning[] {
    return this.count === 0
      ? []
      : [
          {
            code,
            message: `${this.count} line(s) of the ${file} ${says} (the first at line ${this.first})`,
          },
        ];
  }
}
