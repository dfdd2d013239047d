import { estimateTokens } from "./estimate-tokens.js";
import { formatTable } from "./format-table.js";
import type { RolloutInspection } from "./inspect-rollout.js";
import type { Paint } from "./terminal.js";

/**
 * A rollout's inspection for a person: estimated tokens by kind over every item, then every
 * compaction, rollback, interrupted turn and cache break, then the warnings.
 */
export function formatInspectionText(inspection: RolloutInspection, paint: Paint): string {
  const { totals } = inspection;
  const all = totals.reduce((sum, total) => sum + total.bytes, 0);
  const share = (bytes: number) => `${all === 0 ? 0 : ((bytes / all) * 100).toFixed(1)}%`;
  const bold = (row: number, _column: number, cell: string) =>
    row === 0 ? paint("bold", cell) : cell;
  const lines = [
    paint(
      "bold",
      `${inspection.path}: a ${inspection.format === "codex" ? "Codex" : "@ctx"} rollout of ${inspection.lines} lines, ${inspection.turns} turns, ${inspection.requestCount} model requests`,
    ),
    "",
    "Every item, by kind:",
    ...formatTable(
      [
        ["category", "kind", "items", "bytes", "~tokens", "share"],
        ...totals.map((total) => [
          total.category,
          total.kind,
          String(total.items),
          String(total.bytes),
          String(estimateTokens(total.bytes)),
          share(total.bytes),
        ]),
        ["", "total", String(inspection.items), String(all), String(estimateTokens(all)), ""],
      ],
      ["left", "left", "right", "right", "right", "right"],
      bold,
    ).map((line) => `  ${line}`),
    "",
    "Events:",
    ...(inspection.events.length === 0
      ? ["  none"]
      : formatTable(
          inspection.events.map((event) => [
            `line ${event.line}`,
            `turn ${event.turn}`,
            event.type,
            event.detail,
          ]),
          ["right", "right", "left", "left"],
          (_row, column, cell) =>
            column === 2 ? paint(cell.trim() === "cache-break" ? "red" : "yellow", cell) : cell,
        ).map((line) => `  ${line}`)),
  ];
  lines.push(
    "",
    paint("dim", "~tokens is an estimate: bytes / 4, not a real tokenizer."),
    ...inspection.warnings.map((warning) => `${paint("yellow", "warning:")} ${warning.message}`),
    "",
  );
  return lines.join("\n");
}
