#!/usr/bin/env node
// `pnpm ctx …` anywhere in this repository runs this file: the repository's root has no `ctx`
// script, so pnpm runs the `ctx` its node_modules/.bin holds, in the folder the user stands in
// (or the one `pnpm -C DIR` names), with no echo of the command and the command's own exit code.
// It runs the CLI's TypeScript sources, importing each @ctx package from its sources too.
import { register } from "node:module";

await import("tsx");
register("./source-condition.mjs", import.meta.url);
await import(new URL("src/bin.ts", import.meta.resolve("@ctx/cli/package.json")).href);
