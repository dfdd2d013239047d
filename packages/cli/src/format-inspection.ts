import { formatTable } from "./format-table.js";
import type { ReportedUsage } from "./formats/transcript-entry.js";
import { rolloutFormatFiles, rolloutFormatNames } from "./formats/transcript-format.js";
import type { InspectedRequest, RolloutInspection } from "./rollout-inspection.js";
import { sessionFacts } from "./session-facts.js";
import type { Paint } from "./terminal.js";
import { tokenFigure } from "./token-figure.js";
import { visibleText } from "./visible-text.js";

/** The provider's four figures, in the order the tables show them. */
function usageCells(usage: ReportedUsage | undefined): string[] {
  if (usage === undefined) return ["-", "-", "-", "-"];
  return [usage.input, usage.cached, usage.output, usage.reasoning].map(String);
}

/**
 * A rollout's inspection for a person: who the session is, the tokens by kind over every item,
 * each request's tokens beside what the provider reported, the compactions, rollbacks,
 * interrupted turns and cache breaks, then the warnings.
 */
export function formatInspectionText(inspection: RolloutInspection, paint: Paint): string {
  const { totals, requests } = inspection;
  const counted = totals.filter((total) => !total.opaque);
  const allTokens = counted.reduce((sum, total) => sum + total.tokens, 0);
  const allBytes = totals.reduce((sum, total) => sum + total.bytes, 0);
  const estimated = inspection.estimated.items > 0;
  const share = (tokens: number) =>
    `${allTokens === 0 ? 0 : ((tokens / allTokens) * 100).toFixed(1)}%`;
  const bold = (row: number, _column: number, cell: string) =>
    row === 0 ? paint("bold", cell) : cell;
  const indent = (line: string) => `  ${line}`;
  const facts = sessionFacts(inspection);
  const requestRow = (request: InspectedRequest) => [
    String(request.index),
    String(request.line),
    String(request.turn),
    tokenFigure(request.tokens, request.estimated),
    ...usageCells(request.reported),
  ];
  const { instructions } = inspection;
  const lines = [
    paint(
      "bold",
      `${visibleText(inspection.path)}: a ${rolloutFormatNames[inspection.format]} ${rolloutFormatFiles[inspection.format]} of ${inspection.lines} lines, ${inspection.turns} turns, ${inspection.requestCount} model requests`,
    ),
    ...formatTable(facts, ["left", "left"]).map(indent),
    "",
    "Every item, by kind:",
    ...formatTable(
      [
        ["category", "kind", "items", "bytes", "tokens", "share"],
        ...totals.map((total) => [
          total.category,
          total.kind,
          String(total.items),
          String(total.bytes),
          total.opaque ? "opaque" : tokenFigure(total.tokens, total.estimated),
          total.opaque ? "" : share(total.tokens),
        ]),
        [
          "",
          "total",
          String(inspection.items),
          String(allBytes),
          tokenFigure(allTokens, estimated),
          "",
        ],
      ],
      ["left", "left", "right", "right", "right", "right"],
      bold,
    ).map(indent),
    ...(instructions === undefined
      ? []
      : [
          `  and the base instructions, sent with every request: ${instructions.bytes} bytes, ${instructions.tokens} tokens`,
        ]),
    "",
    "Requests: the tokens of what the rollout holds, and what the provider reported:",
    ...(requests.length === 0
      ? ["  none"]
      : formatTable(
          [
            ["request", "line", "turn", "tokens", "input", "cached", "output", "reasoning"],
            ...requests.map(requestRow),
            [
              "total",
              "",
              "",
              tokenFigure(inspection.requestTokens, estimated),
              ...usageCells(inspection.reported),
            ],
          ],
          ["right", "right", "right", "right", "right", "right", "right", "right"],
          (row, column, cell) =>
            row === 0 || row === requests.length + 1
              ? paint("bold", cell)
              : column === 0 && requests[row - 1]?.cacheBreak !== undefined
                ? paint("red", cell)
                : cell,
        ).map(indent)),
    ...(requests.length < inspection.requestCount
      ? [
          `  the other ${inspection.requestCount - requests.length} of the ${inspection.requestCount} requests are left out of this table; the total counts them all`,
        ]
      : []),
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
        ).map(indent)),
    ...formatSubAgents(inspection),
    "",
    paint(
      "dim",
      `tokens are counted with ${inspection.tokenizer}, each text on its own; encrypted content is opaque: its bytes are listed, its tokens cannot be counted.`,
    ),
    paint(
      "dim",
      "input, cached, output and reasoning are the provider's own figures, which also count what the rollout does not hold, such as the tool definitions.",
    ),
    ...(rolloutFormatFiles[inspection.format] === "transcript"
      ? [
          paint(
            "dim",
            `a ${rolloutFormatNames[inspection.format]} transcript holds neither the system prompt nor the tool definitions, so its tokens are the conversation's alone; cached counts the cache reads, input also the cache writes.`,
          ),
        ]
      : []),
    ...inspection.warnings.map(
      (warning) => `${paint("yellow", "warning:")} ${visibleText(warning.message)}`,
    ),
    "",
  ];
  return lines.join("\n");
}

/**
 * The sub-agents whose conversations the transcript holds beside the main one: a row each, apart
 * from the history, the requests and the totals above, which they are no part of.
 */
function formatSubAgents(inspection: RolloutInspection): string[] {
  if (inspection.subAgents.length === 0) return [];
  const rows = inspection.subAgents.map((agent) => [
    agent.thread,
    `line ${agent.line}`,
    String(agent.items),
    String(agent.bytes),
    String(agent.tokens),
    String(agent.requests),
    agent.reported === undefined ? "-" : String(agent.reported.input),
  ]);
  return [
    "",
    "Sub-agents, apart from the history and the totals above:",
    ...formatTable(
      [["agent", "from", "items", "bytes", "tokens", "requests", "input"], ...rows],
      ["left", "right", "right", "right", "right", "right", "right"],
    ).map((row) => `  ${row}`),
  ];
}
