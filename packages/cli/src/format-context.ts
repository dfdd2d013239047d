import { byteLength, estimateTokens } from "./estimate-tokens.js";
import type { FirstTurnContext } from "./first-turn-context.js";
import { formatTable } from "./format-table.js";
import type { Paint } from "./terminal.js";

/**
 * Context blocks for a person (a first turn's, or what a change of settings re-sends): one row
 * per block with its role, fragment kind, bytes, estimated tokens and source files, a total, then
 * the warnings.
 */
export function formatContextText(
  context: Pick<FirstTurnContext, "blocks" | "warnings">,
  heading: string,
  paint: Paint,
): string {
  const rows = context.blocks.map((block, index) => {
    const bytes = byteLength(block.text);
    return [
      String(index + 1),
      block.role,
      block.kind,
      String(bytes),
      String(estimateTokens(bytes)),
      block.sources.join(", "),
    ];
  });
  const total = context.blocks.reduce((sum, block) => sum + byteLength(block.text), 0);
  const table = formatTable(
    [
      ["#", "role", "kind", "bytes", "~tokens", "sources"],
      ...rows,
      ["", "", "total", String(total), String(estimateTokens(total)), ""],
    ],
    ["right", "left", "left", "right", "right", "left"],
    (row, _column, cell) => (row === 0 || row === rows.length + 1 ? paint("bold", cell) : cell),
  );
  return [
    paint("bold", heading),
    "",
    ...table,
    "",
    paint("dim", "~tokens is an estimate: bytes / 4, not a real tokenizer."),
    ...context.warnings.map((warning) => `${paint("yellow", "warning:")} ${warning.message}`),
    "",
  ].join("\n");
}
