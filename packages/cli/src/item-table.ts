import { type Align, formatTableRow } from "./format-table.js";
import type { InspectedItem, RolloutInspection } from "./rollout-inspection.js";
import type { Paint } from "./terminal.js";

/** The `--items` table, laid out one row at a time. */
export interface ItemTable {
  /** The title line and the column headings, each line ending in a newline. */
  readonly heading: string;
  /** One item's row, ending in a newline. */
  row(item: InspectedItem): string;
}

const align: readonly Align[] = ["right", "right", "left", "left", "right"];

/**
 * The table of every item (line, turn, category, kind, bytes) with column widths taken from the
 * inspection's totals, so its rows can be written as a second reading of the rollout yields the
 * items, without holding them.
 */
export function createItemTable(inspection: RolloutInspection, paint: Paint): ItemTable {
  const headings = ["line", "turn", "category", "kind", "bytes"];
  const widest = (cells: readonly string[]) =>
    cells.reduce((width, cell) => Math.max(width, cell.length), 0);
  const widths = [
    widest([headings[0] ?? "", String(inspection.lines)]),
    widest([headings[1] ?? "", String(inspection.turns)]),
    widest([headings[2] ?? "", ...inspection.totals.map((total) => total.category)]),
    widest([headings[3] ?? "", ...inspection.totals.map((total) => total.kind)]),
    widest([headings[4] ?? "", ...inspection.totals.map((total) => String(total.largest))]),
  ];
  return {
    heading: `\nItems:\n  ${formatTableRow(headings, widths, align, (_column, cell) => paint("bold", cell))}\n`,
    row: (item) =>
      `  ${formatTableRow(
        [String(item.line), String(item.turn), item.category, item.kind, String(item.bytes)],
        widths,
        align,
      )}\n`,
  };
}
