// What showing the typed compaction state (compaction.renderState) adds to the request after a
// compaction, in o200k_base tokens, on the real Codex rollouts of @ctx/fixtures (issue #39):
//   node --conditions=@ctx/source --import tsx bench/compaction-state-cost.ts
// Each rollout is imported, resumed without a summarizer (so the fallback summary and the
// session's own fill), given one turn, compacted and asked for one more turn, with the state shown and without; the figure is the difference.
import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { importCodexRollout, loadDefaultTokenizer, resumeSession } from "../src/index.js";

const print = (line: string) => process.stdout.write(`${line}\n`);
const o200k = await loadDefaultTokenizer();
const turn = { model: "gpt-5", environments: [{ id: "local", cwd: "/work", shell: "bash" }] };

/** The tokens of the request that follows a compaction of `name`, the state shown or not. */
async function requestTokens(name: string, renderState: boolean): Promise<number> {
  const store = createMemoryRolloutStore();
  const lines = readFileSync(codexRolloutPath(name), "utf8").split("\n");
  const { sessionId } = await importCodexRollout(lines, { store });
  const session = await resumeSession(store, { sessionId, compaction: { renderState } });
  await session.beginTurn(turn, "Note where we are.");
  await session.record([
    { type: "message", role: "assistant", content: [{ type: "output_text", text: "Noted." }] },
  ]);
  await session.compact();
  const request = await session.beginTurn(turn, "Carry on from here.");
  return o200k.count(request.instructions) + o200k.count(JSON.stringify(request.input));
}

let added = 0;
let total = 0;
for (const name of codexRolloutNames) {
  const without = await requestTokens(name, false);
  const shown = await requestTokens(name, true);
  added += shown - without;
  total += without;
  print(
    `${name}: ${without} tokens without the state, ${shown} with it (+${shown - without}, +${(((shown - without) / without) * 100).toFixed(1)}%)`,
  );
}
print(
  `all ${codexRolloutNames.length} rollouts: the state adds ${added} tokens to ${total} (+${((added / total) * 100).toFixed(1)}%)`,
);
