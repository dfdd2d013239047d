import { runCli } from "./run-cli.js";

// `pnpm ctx …` from anywhere in the repository: pnpm runs the package script in this package's
// folder and passes the folder the user stood in as INIT_CWD, which relative paths resolve to.
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
