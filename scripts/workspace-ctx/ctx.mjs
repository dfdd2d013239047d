#!/usr/bin/env node
// `pnpm ctx …` anywhere in this repository runs this file: the repository's root has no `ctx`
// script, so pnpm runs the `ctx` its node_modules/.bin holds, in the folder the user stands in
// (or the one `pnpm -C DIR` names), with no echo of the command and the command's own exit code.
// It runs the CLI's TypeScript sources, importing each @ctx package from its sources too.
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";

// A path, not a dependency on @ctx/cli, and a folder outside the workspace's packages (the root
// links it): turbo counts the workspace packages the root depends on in every task's inputs, so
// every change to the CLI would otherwise run every package's tasks again. tsx is the CLI's own.
const cli = new URL("../../packages/cli/", import.meta.url);
await import(pathToFileURL(createRequire(new URL("package.json", cli)).resolve("tsx")).href);
register("./source-condition.mjs", import.meta.url);
await import(new URL("src/bin.ts", cli).href);
