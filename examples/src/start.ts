// `pnpm --filter examples start -- --provider openai|anthropic|ai-sdk`: see run-example.ts.
import { runExample } from "./run-example.js";

process.exitCode = await runExample(process.argv.slice(2), process.env, (text) => {
  process.stdout.write(text);
});
