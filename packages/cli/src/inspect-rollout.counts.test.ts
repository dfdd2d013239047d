import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  claudeCodeTranscriptNames,
  claudeCodeTranscriptPath,
  codexRolloutNames,
  codexRolloutPath,
  piSessionNames,
  piSessionPath,
} from "@ctx/fixtures";
import { describe, expect, it } from "vitest";
import { planLargeRollout, writeLargeRollout } from "./__fixtures__/write-large-rollout.js";
import { inspectRollout } from "./inspect-rollout.js";

/** Every real transcript this repository holds, by a name for its record. */
const cases: readonly [string, string][] = [
  ...codexRolloutNames.map((name): [string, string] => [`codex/${name}`, codexRolloutPath(name)]),
  ...claudeCodeTranscriptNames.map((name): [string, string] => [
    `claude-code/${name}`,
    claudeCodeTranscriptPath(name),
  ]),
  ...piSessionNames.map((name): [string, string] => [`pi/${name}`, piSessionPath(name)]),
];

/**
 * What `ctx inspect` counted in the transcript at `path`: every item's bytes and tokens, the
 * totals by kind, every request's figures and the sub-agents'. The record kept beside this test
 * was taken before the counter and the reader were made faster, so a change that moves a single
 * count fails here.
 */
async function countsOf(path: string) {
  const items: string[] = [];
  const inspection = await inspectRollout(path, {
    onItem: (item) => {
      items.push(`${item.line} ${item.turn} ${item.kind} ${item.bytes} ${item.tokens}`);
    },
  });
  return {
    format: inspection.format,
    lines: inspection.lines,
    turns: inspection.turns,
    estimated: inspection.estimated,
    instructions: inspection.instructions,
    totals: inspection.totals,
    requestTokens: inspection.requestTokens,
    requests: inspection.requests.map(
      ({ index, line, turn, tokens, tokensByKind, bytesByKind }) => ({
        index,
        line,
        turn,
        tokens,
        tokensByKind,
        bytesByKind,
      }),
    ),
    subAgents: inspection.subAgents,
    unreadLines: inspection.unreadLines,
    items,
  };
}

describe("inspectRollout's counts", () => {
  it.each(cases)("are those recorded for %s", async (name, path) => {
    const counts = JSON.stringify(await countsOf(path), null, 1);
    await expect(counts).toMatchFileSnapshot(`__fixtures__/inspect-counts/${name}.json`);
  });

  it("are those recorded for a generated rollout", async () => {
    const path = join(await mkdtemp(join(tmpdir(), "ctx-inspect-counts-")), "rollout.jsonl");
    await writeLargeRollout(path, planLargeRollout(40));
    const counts = JSON.stringify(await countsOf(path), null, 1);
    await expect(counts).toMatchFileSnapshot("__fixtures__/inspect-counts/generated.json");
  });
});
