import { join } from "node:path";
import { describeValue } from "@ctx/text";
import { CliError } from "./cli-error.js";

/**
 * The folder Claude Code keeps a working directory's transcripts in, under its projects
 * folder: the path with every character but a letter or a digit turned into `-`
 * (`/home/ada/my_app` is `-home-ada-my-app`). Several paths can share one name, so a
 * transcript's own `cwd` is what tells whose it is.
 *
 * @throws {CliError} `failure` when either argument is not a string.
 */
export function claudeProjectFolder(projects: string, cwd: string): string {
  for (const [name, value] of Object.entries({ projects, cwd })) {
    if (typeof value !== "string") {
      throw new CliError("failure", `${name} must be a path, not ${describeValue(value)}`);
    }
  }
  return join(projects, cwd.replace(/[^A-Za-z0-9]/g, "-"));
}
