import { visibleText } from "./visible-text.js";

/** Which side a column's cells are aligned to. */
export type Align = "left" | "right";

/**
 * Lays `rows` out as plain-text columns two spaces apart, each as wide as its widest cell; the
 * last column is never padded. A cell is one line: its control characters are shown escaped
 * (`visibleText`), newlines and tabs too. `paint` styles a cell after it is padded, so escape codes do not
 * count toward the width.
 */
export function formatTable(
  rows: readonly (readonly string[])[],
  align: readonly Align[],
  paint: (row: number, column: number, cell: string) => string = (_row, _column, cell) => cell,
): string[] {
  const visible = rows.map((row) => row.map((cell) => visibleText(cell)));
  const widths: number[] = [];
  for (const row of visible) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, cell.length);
    });
  }
  return visible.map((row, rowIndex) =>
    formatTableRow(row, widths, align, (column, cell) => paint(rowIndex, column, cell)),
  );
}

/**
 * One row of a table whose column `widths` are known beforehand, laid out as
 * {@link formatTable} lays its rows, so a long table can be written row by row.
 */
export function formatTableRow(
  row: readonly string[],
  widths: readonly number[],
  align: readonly Align[],
  paint: (column: number, cell: string) => string = (_column, cell) => cell,
): string {
  return row
    .map((text, column) => {
      const cell = visibleText(text);
      const last = column === row.length - 1;
      const width = widths[column] ?? 0;
      const padded =
        align[column] === "right" ? cell.padStart(width) : last ? cell : cell.padEnd(width);
      return paint(column, padded);
    })
    .join("  ")
    .trimEnd();
}
