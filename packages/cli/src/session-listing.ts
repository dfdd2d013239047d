import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { codexHome } from "@ctx/codex-config/node";
import type { Command } from "commander";
import { claudeProjectFolder } from "./claude-project-folder.js";
import { formatTable } from "./format-table.js";
import { rolloutFormatNames } from "./formats/transcript-format.js";
import { findRecentSessions } from "./recent-sessions.js";
import { type CliEnvironment, createPaint } from "./terminal.js";
import { visibleText } from "./visible-text.js";

/** How many sessions `ctx` lists, and how many Codex rollouts it opens looking for them. */
const listed = 20;
const scanned = 2000;

/**
 * Makes `ctx` without a command list the recent sessions of the current folder, newest first:
 * Codex's (under `$CODEX_HOME/sessions`, else `~/.codex/sessions`), Claude Code's (in the
 * folder's place under `~/.claude/projects`) and those of the @ctx JSONL store in
 * `$CTX_SESSIONS`, each with the path to give `ctx inspect`.
 */
export function addSessionListing(program: Command, environment: CliEnvironment): void {
  program
    .addHelpText(
      "after",
      `
Without a command, ctx lists the recent sessions of the current folder, newest first: Codex's
(in $CODEX_HOME/sessions, else ~/.codex/sessions), Claude Code's (in ~/.claude/projects) and
those of the @ctx JSONL store in $CTX_SESSIONS, each with the path to give ctx inspect.`,
    )
    .action(async () => {
      const home = codexHome(environment).path;
      const claudeProjects = join(environment.env.HOME ?? homedir(), ".claude", "projects");
      const store = environment.env.CTX_SESSIONS;
      const ctxStore =
        store === undefined || store === "" ? undefined : resolve(environment.cwd, store);
      const sessions = await findRecentSessions({
        cwd: environment.cwd,
        codexHome: home,
        ...(ctxStore === undefined ? {} : { ctxStore }),
        claudeProjects,
        limit: listed,
        scanLimit: scanned,
      });
      const folders = [
        join(home, "sessions"),
        claudeProjectFolder(claudeProjects, environment.cwd),
        ...(ctxStore === undefined ? [] : [ctxStore]),
      ];
      const places = `${folders.slice(0, -1).join(", ")} and ${folders.at(-1)}`;
      if (sessions.length === 0) {
        environment.stdout.write(
          `No sessions of ${visibleText(environment.cwd)} in ${visibleText(places)}. Run ctx --help for the commands.\n`,
        );
        return;
      }
      const paint = createPaint(environment.stdout, environment.env);
      const table = formatTable(
        [
          ["updated", "writer", "session", "path"],
          ...sessions.map((session) => [
            session.updatedAt.slice(0, 19).replace("T", " "),
            rolloutFormatNames[session.writer],
            session.id,
            session.path,
          ]),
        ],
        ["left", "left", "left", "left"],
        (row, _column, cell) => (row === 0 ? paint("bold", cell) : cell),
      );
      environment.stdout.write(
        [
          paint(
            "bold",
            visibleText(`Recent sessions of ${environment.cwd} (newest first, in ${places}):`),
          ),
          "",
          ...table.map((line) => `  ${line}`),
          "",
          "Look into one with: ctx inspect PATH",
          "",
        ].join("\n"),
      );
    });
}
