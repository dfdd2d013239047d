import { benchOptions, benchSize } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { agentsMdInstructions } from "./catalogue/agents-md-instructions.js";
import { environmentContext } from "./catalogue/environment-context.js";
import { userShellCommand } from "./catalogue/user-shell-command.js";
import { createStandardRegistry } from "./create-standard-registry.js";

const registry = createStandardRegistry();
// 100,000 messages; 100 in a quick run.
const messageCount = benchSize(100_000, 100);

/** About `bytes` bytes of prose-like text with some tags in it. */
function body(bytes: number, seed: number): string {
  const words = ["alpha", "beta", "gamma", "delta", "lorem", "ipsum", "</p>", "<b>", "fix", "test"];
  let text = "";
  for (let index = seed; text.length < bytes; index += 7) text += `${words[index % words.length]} `;
  return text.slice(0, bytes);
}

/** A flat string, as JSON.parse gives when a history is read, not a lazily concatenated one. */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** Three injected fragments and two real user messages with bodies of about `bytes` bytes. */
function samples(bytes: number): string[] {
  return [
    agentsMdInstructions.create({ directory: "/repo", text: body(bytes, 1) }).render(),
    environmentContext
      .create({ environments: [{ id: "local", cwd: "/repo" }], subagents: body(bytes, 2) })
      .render(),
    userShellCommand
      .create({ command: "ls", exitCode: 0, durationSeconds: 1, output: body(bytes, 3) })
      .render(),
    body(bytes, 4),
    `Please look at this: ${body(bytes, 5)}`,
  ].map(flat);
}

/** `messageCount` messages cycling through the given texts (shared, so memory stays small). */
function history(texts: readonly string[]): string[] {
  return Array.from({ length: messageCount }, (_, index) => texts[index % texts.length] ?? "");
}

function classifyAll(messages: readonly string[]): number {
  let injected = 0;
  for (const text of messages) if (registry.classify("user", text) !== undefined) injected += 1;
  return injected;
}

const mixed = history([100, 1_000, 10_000, 100_000].flatMap(samples));
const small = history(samples(1_000));
const large = history(samples(100_000));

/** Enough samples for a steady figure on a busy two-core machine. */
const options = benchOptions({ time: 3_000, warmupTime: 500 });

describe(`registry.classify over ${messageCount.toLocaleString("en")} history messages`, () => {
  bench(
    "mixed user and injected, bodies from 100 B to 100 KB",
    () => void classifyAll(mixed),
    options,
  );
  bench("1 KB bodies", () => void classifyAll(small), options);
  bench("100 KB bodies", () => void classifyAll(large), options);
});
