import type { Tokenizer } from "@ctx/session";
import { utf8ByteLength } from "@ctx/text";
import type { FirstTurnContext } from "./first-turn-context.js";
import { formatTable } from "./format-table.js";
import type { Paint } from "./terminal.js";
import { visibleText } from "./visible-text.js";

/**
 * Context blocks for a person (a first turn's, or what a change of settings re-sends): one row
 * per block with its role, fragment kind, bytes, tokens by `tokenizer` and source files, a total,
 * then the warnings; `around` adds lines after the heading and at the end.
 */
export function formatContextText(
  context: Pick<FirstTurnContext, "blocks" | "warnings">,
  heading: string,
  paint: Paint,
  tokenizer: Tokenizer,
  around: { readonly afterHeading?: readonly string[]; readonly atEnd?: readonly string[] } = {},
): string {
  const sizes = context.blocks.map((block) => ({
    bytes: utf8ByteLength(block.text),
    tokens: tokenizer.count(block.text),
  }));
  const rows = context.blocks.map((block, index) => [
    String(index + 1),
    block.role,
    block.kind,
    String(sizes[index]?.bytes ?? 0),
    String(sizes[index]?.tokens ?? 0),
    block.sources.join(", "),
  ]);
  const total = (field: "bytes" | "tokens") =>
    String(sizes.reduce((sum, size) => sum + size[field], 0));
  const table = formatTable(
    [
      ["#", "role", "kind", "bytes", "tokens", "sources"],
      ...rows,
      ["", "", "total", total("bytes"), total("tokens"), ""],
    ],
    ["right", "left", "left", "right", "right", "left"],
    (row, _column, cell) => (row === 0 || row === rows.length + 1 ? paint("bold", cell) : cell),
  );
  return [
    paint("bold", visibleText(heading)),
    "",
    ...(around.afterHeading ?? []),
    ...table,
    "",
    paint("dim", `tokens counted with ${tokenizer.name}, each block on its own.`),
    ...context.warnings.map(
      (warning) => `${paint("yellow", "warning:")} ${visibleText(warning.message)}`,
    ),
    ...(around.atEnd ?? []),
    "",
  ].join("\n");
}
