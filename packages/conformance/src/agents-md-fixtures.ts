import { join } from "node:path";

/** The folder of `@ctx/agents-md`'s Codex recordings, which its tests replay. */
export const agentsMdFixtureFolder = join(
  import.meta.dirname,
  "..",
  "..",
  "agents-md",
  "src",
  "__fixtures__",
);
