import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { turboArguments } from "../../../scripts/test-arguments.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The packages whose `test` task turbo would run with `options`, and each task's command; the
 * dry-run flag comes first so that options after a `--` cannot make turbo run the tests.
 */
function plannedTests(options: readonly string[]): { name: string; command: string }[] {
  const dry = execFileSync("pnpm", ["exec", "turbo", "run", "test", "--dry=json", ...options], {
    cwd: root,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const plan = JSON.parse(dry) as { tasks: { task: string; package: string; command: string }[] };
  return plan.tasks
    .filter((task) => task.task === "test" && task.command !== "<NONEXISTENT>")
    .map((task) => ({ name: task.package, command: task.command }));
}

describe("pnpm test (scripts/run-tests.mjs)", () => {
  it("takes a filter passed after pnpm's `--` as turbo's, running that package's tests alone", () => {
    const options = turboArguments(["--", "--filter=@ctx/text"], 2);
    expect(options).toEqual(["--continue=always", "--concurrency=2", "--filter=@ctx/text"]);
    expect(plannedTests(options)).toEqual([{ name: "@ctx/text", command: "vitest run" }]);
  });

  it("takes the filter's two-word form and keeps a concurrency or continue the user gave", () => {
    const options = turboArguments(["--", "--filter", "@ctx/text", "--concurrency", "1"], 4);
    expect(options).toEqual(["--continue=always", "--filter", "@ctx/text", "--concurrency", "1"]);
    expect(plannedTests(options).map((task) => task.name)).toEqual(["@ctx/text"]);
    expect(turboArguments(["--continue=never"], 3)).toEqual([
      "--concurrency=3",
      "--continue=never",
    ]);
  });
});
