import type { ItemCategory, ReportedUsage } from "./formats/transcript-entry.js";
import { rolloutFormatFiles, rolloutFormatNames } from "./formats/transcript-format.js";
import type { InspectedEvent, RolloutInspection } from "./rollout-inspection.js";
import { sessionFacts } from "./session-facts.js";
import { tokenFigure } from "./token-figure.js";

const hues: Record<ItemCategory, number> = {
  user: 210,
  injected: 28,
  model: 130,
  tool: 275,
  other: 0,
};

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const style = `
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
h1{font-size:18px;margin:0 0 4px}p.sub{color:#555;margin:0 0 16px}
table{border-collapse:collapse;margin:8px 0 20px}td,th{padding:2px 10px;text-align:right}
td:nth-child(-n+2),th:nth-child(-n+2){text-align:left}th{border-bottom:1px solid #ccc}
.sw{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:middle;margin-right:6px}
.row{display:grid;grid-template-columns:150px 1fr 230px;align-items:center;gap:8px;margin:1px 0}
.label{font:12px ui-monospace,monospace;color:#444;white-space:nowrap}
.bar{display:flex;height:14px;background:#f2f2f2;border-radius:2px;overflow:hidden}
.bar span{display:block;height:100%}
.size{font:12px ui-monospace,monospace;color:#444;text-align:right}
.break .label{color:#c00;font-weight:bold}.break .bar{outline:2px solid #c00}
.event{margin:6px 0 6px 158px;padding:2px 8px;font-size:12px;border-left:4px solid #d80;background:#fff6e5}
.event.cache-break{border-color:#c00;background:#fdeaea}
.note{color:#666;font-size:12px}.left-out{color:#a00;font-weight:bold}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:0 0 16px;font-size:13px}
dl.facts dt{color:#555}dl.facts dd{margin:0;font:12px ui-monospace,monospace}
`;

/** The provider's report of a request, in words. */
function reportedText(usage: ReportedUsage): string {
  return `reported ${usage.input} in (${usage.cached} cached), ${usage.output} out (${usage.reasoning} reasoning)`;
}

/**
 * The inspection as one self-contained HTML page (inline CSS, no script, nothing fetched): the
 * totals by kind, then the session as a timeline with one bar per model request, its blocks
 * coloured by kind and as wide as their share, and the compactions, rollbacks, interrupted turns
 * and cache breaks where they happened.
 */
export function renderInspectionHtml(inspection: RolloutInspection): string {
  const { totals, requests } = inspection;
  const colour = new Map<string, string>();
  const perCategory = new Map<ItemCategory, number>();
  for (const total of totals) {
    const index = perCategory.get(total.category) ?? 0;
    perCategory.set(total.category, index + 1);
    const saturation = total.category === "other" ? 0 : 65;
    colour.set(
      total.kind,
      `hsl(${hues[total.category]} ${saturation}% ${38 + ((index * 11) % 44)}%)`,
    );
  }
  // The base instructions are no history item: they go with every request, in a colour of their own.
  colour.set("base_instructions", "hsl(200 15% 55%)");
  const all = totals.reduce((sum, total) => sum + (total.opaque ? 0 : total.tokens), 0);
  const largest = Math.max(
    1,
    ...requests.map((request) =>
      Object.values(request.bytesByKind).reduce((sum, bytes) => sum + bytes, 0),
    ),
  );
  const swatch = (kind: string) =>
    `<span class="sw" style="background:${colour.get(kind) ?? "#999"}"></span>`;
  const rows = totals
    .map(
      (total) =>
        `<tr><td>${swatch(total.kind)}${escapeHtml(total.kind)}</td><td>${total.category}</td><td>${total.items}</td><td>${total.bytes}</td><td>${total.opaque ? "opaque" : tokenFigure(total.tokens, total.estimated)}</td><td>${total.opaque ? "" : `${all === 0 ? 0 : ((total.tokens / all) * 100).toFixed(1)}%`}</td></tr>`,
    )
    .join("\n");
  const { instructions } = inspection;
  const instructionsRow =
    instructions === undefined
      ? ""
      : `<tr><td>${swatch("base_instructions")}base_instructions</td><td>injected</td><td>every request</td><td>${instructions.bytes}</td><td>${instructions.tokens}</td><td></td></tr>\n`;
  // When requests are left out, the events after the last request drawn are left out too.
  const lastLine = requests.length < inspection.requestCount ? requests.at(-1)?.line : undefined;
  const events = inspection.events.filter(
    (event) =>
      (event.type !== "cache-break" || !isRequestBreak(inspection, event)) &&
      (lastLine === undefined || event.line <= lastLine),
  );
  const timeline: string[] = [];
  let next = 0;
  const flush = (line: number) => {
    while (next < events.length && (events[next]?.line ?? Infinity) <= line) {
      const event = events[next] as InspectedEvent;
      timeline.push(
        `<div class="event ${event.type}">${escapeHtml(event.type)} at line ${event.line} (turn ${event.turn}): ${escapeHtml(event.detail)}</div>`,
      );
      next += 1;
    }
  };
  for (const request of requests) {
    flush(request.line);
    if (request.cacheBreak !== undefined) {
      timeline.push(
        `<div class="event cache-break">cache break before request ${request.index}: ${escapeHtml(request.cacheBreak)}</div>`,
      );
    }
    const segments = Object.entries(request.bytesByKind)
      .map(
        ([kind, bytes]) =>
          `<span style="width:${((bytes / largest) * 100).toFixed(3)}%;background:${colour.get(kind) ?? "#999"}" title="${escapeHtml(kind)}: ${bytes} bytes, ${tokenFigure(request.tokensByKind[kind] ?? 0, request.estimated)} tokens"></span>`,
      )
      .join("");
    const reported = request.reported === undefined ? "" : ` · ${request.reported.input} in`;
    const title =
      request.reported === undefined ? "" : ` title="${reportedText(request.reported)}"`;
    timeline.push(
      `<div class="row${request.cacheBreak === undefined ? "" : " break"}"><div class="label">request ${request.index} · turn ${request.turn}</div><div class="bar">${segments}</div><div class="size"${title}>${tokenFigure(request.tokens, request.estimated)} tok${reported}</div></div>`,
    );
  }
  flush(lastLine ?? Infinity);
  if (requests.length < inspection.requestCount) {
    timeline.push(
      `<p class="note left-out">The timeline stops after request ${requests.length}: the other ${inspection.requestCount - requests.length} of the ${inspection.requestCount} requests are left out to keep the page small.</p>`,
    );
  }
  const facts = sessionFacts(inspection)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  const totalsText = `The requests sent ${tokenFigure(inspection.requestTokens, inspection.estimated.items > 0)} tokens of what the rollout holds; ${inspection.reported === undefined ? "the provider reported no usage" : `the provider ${reportedText(inspection.reported)}, over ${inspection.reported.reports} report(s)`}.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>ctx inspect: ${escapeHtml(inspection.path)}</title>
<style>${style}</style>
</head>
<body>
<h1>${escapeHtml(inspection.path)}</h1>
<p class="sub">A ${rolloutFormatNames[inspection.format]} ${rolloutFormatFiles[inspection.format]}: ${inspection.lines} lines, ${inspection.turns} turns, ${inspection.requestCount} model requests, ${inspection.events.filter((event) => event.type === "cache-break").length} cache breaks.</p>
<dl class="facts">
${facts}
</dl>
<p class="sub">${totalsText}</p>
<h2>Every item, by kind</h2>
<table>
<tr><th>kind</th><th>category</th><th>items</th><th>bytes</th><th>tokens</th><th>share</th></tr>
${instructionsRow}${rows}
</table>
${subAgentsHtml(inspection)}<h2>Timeline</h2>
<p class="note">One bar per model request: the history it sent, each block coloured by kind, as wide as its size against the largest request; beside it, its tokens and the input tokens the provider reported.</p>
${timeline.join("\n")}
<p class="note">Tokens are counted with ${escapeHtml(inspection.tokenizer)}, each text on its own${inspection.estimated.items > 0 ? "; figures marked ~ hold texts estimated at bytes / 4, past the tokenizer's budget" : ""}. Encrypted content is opaque: its bytes are shown, its tokens cannot be counted. The provider's reported figures also count what the rollout does not hold, such as the tool definitions.</p>
</body>
</html>
`;
}

/** Whether `event` is the cache break a request already shows. */
function isRequestBreak(inspection: RolloutInspection, event: InspectedEvent): boolean {
  return inspection.requests.some(
    (request) => request.line === event.line && request.cacheBreak === event.detail,
  );
}

/** The sub-agents the transcript holds beside the main conversation, in a table of their own. */
function subAgentsHtml(inspection: RolloutInspection): string {
  if (inspection.subAgents.length === 0) return "";
  const rows = inspection.subAgents
    .map(
      (agent) =>
        `<tr><td>${escapeHtml(agent.thread)}</td><td>line ${agent.line}</td><td>${agent.items}</td><td>${agent.bytes}</td><td>${agent.tokens}</td><td>${agent.requests}</td><td>${agent.reported === undefined ? "-" : agent.reported.input}</td></tr>`,
    )
    .join("\n");
  return `<h2>Sub-agents</h2>
<p class="note">Conversations of sub-agents the transcript holds beside the main one: none of them is in the history, the requests or the totals above.</p>
<table>
<tr><th>agent</th><th>from</th><th>items</th><th>bytes</th><th>tokens</th><th>requests</th><th>input reported</th></tr>
${rows}
</table>
`;
}
