#!/usr/bin/env node
import { runCli } from "./run-cli.js";

// A reader that stops early (`ctx inspect F --format json | head -1`) closes the pipe: the rest
// of the output is not wanted, so the command ends there, quietly, whatever it was doing.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
