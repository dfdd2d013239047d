import { join, resolve } from "node:path";
import type { Command } from "commander";
import { CliError } from "./cli-error.js";
import { codexHome } from "./codex-home.js";
import { formatTable } from "./format-table.js";
import { findRecentSessions } from "./recent-sessions.js";
import { type CliEnvironment, createPaint } from "./terminal.js";

/** How many sessions `ctx` lists, and how many Codex rollouts it opens looking for them. */
const listed = 20;
const scanned = 2000;

/**
 * Makes `ctx` without a command list the recent sessions of the current folder, newest first:
 * Codex's (under `$CODEX_HOME/sessions`, else `~/.codex/sessions`) and those of the @ctx JSONL
 * store in `$CTX_SESSIONS`, each with the path to give `ctx inspect`.
 */
export function addSessionListing(program: Command, environment: CliEnvironment): void {
  program
    .addHelpText(
      "after",
      `
Without a command, ctx lists the recent sessions of the current folder, newest first: Codex's
(in $CODEX_HOME/sessions, else ~/.codex/sessions) and those of the @ctx JSONL store in
$CTX_SESSIONS, each with the path to give ctx inspect.`,
    )
    .allowExcessArguments()
    .action(async (_options: unknown, command: Command) => {
      const [word] = command.args;
      if (word !== undefined) {
        const known = command.commands.map((each) => each.name()).join(", ");
        throw new CliError("usage", `unknown command '${word}' (the commands: ${known})`);
      }
      const home = codexHome(environment).path;
      const store = environment.env.CTX_SESSIONS;
      const ctxStore =
        store === undefined || store === "" ? undefined : resolve(environment.cwd, store);
      const sessions = await findRecentSessions({
        cwd: environment.cwd,
        codexHome: home,
        ...(ctxStore === undefined ? {} : { ctxStore }),
        limit: listed,
        scanLimit: scanned,
      });
      const places = [join(home, "sessions"), ...(ctxStore === undefined ? [] : [ctxStore])].join(
        " and ",
      );
      if (sessions.length === 0) {
        environment.stdout.write(
          `No sessions of ${environment.cwd} in ${places}. Run ctx --help for the commands.\n`,
        );
        return;
      }
      const paint = createPaint(environment.stdout, environment.env);
      const table = formatTable(
        [
          ["updated", "writer", "session", "path"],
          ...sessions.map((session) => [
            session.updatedAt.slice(0, 19).replace("T", " "),
            session.writer === "codex" ? "Codex" : "@ctx",
            session.id,
            session.path,
          ]),
        ],
        ["left", "left", "left", "left"],
        (row, _column, cell) => (row === 0 ? paint("bold", cell) : cell),
      );
      environment.stdout.write(
        [
          paint("bold", `Recent sessions of ${environment.cwd} (newest first, in ${places}):`),
          "",
          ...table.map((line) => `  ${line}`),
          "",
          "Look into one with: ctx inspect PATH",
          "",
        ].join("\n"),
      );
    });
}
