import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { assembleRepositoryContext } from "./repository-context.js";

// `pnpm context [path]` from anywhere in the repository: pnpm runs this script in the
// integration package's folder and passes the folder it was started from as INIT_CWD.
const context = await assembleRepositoryContext({
  cwd: resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? "."),
  home: process.env.CODEX_HOME ?? join(homedir(), ".codex"),
  ...(process.env.SHELL === undefined
    ? {}
    : { shell: process.env.SHELL.split("/").at(-1) ?? "bash" }),
});
for (const warning of context.warnings) process.stderr.write(`warning: ${warning.message}\n`);
process.stdout.write(
  `${JSON.stringify({ instructions: context.instructions, input: context.input }, null, 2)}\n`,
);
