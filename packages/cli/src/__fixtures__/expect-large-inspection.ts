import { mkdtemp, readFile, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runCtx } from "./run-ctx.js";
import { planLargeRollout, writeLargeRollout } from "./write-large-rollout.js";

/** The rows the HTML timeline and the JSON requests keep; the rest are left out with a note. */
const keptRequests = 2000;

/**
 * Writes a generated rollout of `turns` turns (six items each, past the 2,000 requests the
 * timeline keeps), runs `ctx inspect` on it for the table, the HTML page and JSON, and checks each
 * against what the generator counted. The test runs a size that is quick on any machine; the
 * soak test runs 40,000 turns (240,002 items).
 */
export async function expectLargeInspection(turns: number): Promise<void> {
  const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-inspect-large-")));
  const path = join(folder, "large.jsonl");
  const expected = await writeLargeRollout(path, planLargeRollout(turns));
  const items = Object.values(expected.kinds).reduce((sum, kind) => sum + kind.items, 0);
  expect(items).toBe(6 * turns + 2);
  expect(expected.requests).toBeGreaterThan(keptRequests);
  const page = join(folder, "large.html");
  const run = await runCtx(["inspect", "large.jsonl", "--html", page], folder);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(
    `a Codex rollout of ${expected.lines} lines, ${turns} turns, ${expected.requests} model requests`,
  );
  for (const [kind, total] of Object.entries(expected.kinds)) {
    expect(run.stdout).toMatch(new RegExp(`\\s${kind}\\s+${total.items}\\s+${total.bytes}\\s`));
  }
  const bytes = Object.values(expected.kinds).reduce((sum, kind) => sum + kind.bytes, 0);
  expect(run.stdout).toMatch(new RegExp(`total\\s+${items}\\s+${bytes}\\s`));
  const events = [...run.stdout.matchAll(/line (\d+)\s+turn \d+\s+([a-z-]+)/g)].map(
    ([, line, type]) => ({ type, line: Number(line) }),
  );
  expect(events).toEqual(expected.events);
  const html = await readFile(page, "utf8");
  expect(html.match(/class="row/g)).toHaveLength(keptRequests);
  expect(html).toContain(
    `the other ${expected.requests - keptRequests} of the ${expected.requests} requests are left out`,
  );
  const json = await runCtx(["inspect", "large.jsonl", "--format", "json"], folder);
  expect(json.code).toBe(0);
  const inspection = JSON.parse(json.stdout) as {
    items: { turn: number; kind: string }[];
    requests: unknown[];
    requestCount: number;
  };
  expect(inspection.items).toHaveLength(items);
  expect(inspection.items.at(-1)).toMatchObject({ turn: turns, kind: "assistant_message" });
  expect(inspection.requests).toHaveLength(keptRequests);
  expect(inspection.requestCount).toBe(expected.requests);
}
