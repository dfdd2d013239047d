import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { safeParseResponseItem } from "./parse-response-item.js";

/** Every `response_item` payload Codex wrote into the recorded rollouts, as a reader gets them. */
const payloads = codexRolloutNames.flatMap((name) =>
  readFileSync(codexRolloutPath(name), "utf8")
    .split("\n")
    .filter((line) => line.includes('"response_item"'))
    .map((line) => (JSON.parse(line) as { type: string; payload: unknown }).payload),
);

/** One user message holding 1 MiB of text, to show that validation does not copy the text. */
const largeMessage = JSON.parse(
  JSON.stringify({
    type: "message",
    role: "user",
    content: [{ type: "input_text", text: "lorem ipsum ".repeat(87_382) }],
  }),
) as unknown;

describe("safeParseResponseItem", () => {
  // Reading a rollout back checks every item it holds: this is the cost of resuming a session.
  bench(
    `every response item of the ${codexRolloutNames.length} recorded Codex rollouts (${payloads.length} items)`,
    () => {
      for (const payload of payloads) safeParseResponseItem(payload);
    },
    benchOptions(),
  );

  bench(
    "one message with 1 MiB of text",
    () => void safeParseResponseItem(largeMessage),
    benchOptions(),
  );
});
