import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { CliError } from "./cli-error.js";
import { systemFailure } from "./file-failure.js";
import { type CliEnvironment, createPaint, type Paint } from "./terminal.js";
import { createVisibleEnvironment } from "./visible-stream.js";
import { visibleText } from "./visible-text.js";

/**
 * Each command's module, loaded only when the command line needs it: a command loads what it
 * uses, and `ctx --version` loads none.
 */
const commands = {
  context: async () => (await import("./context-command.js")).addContextCommand,
  inspect: async () => (await import("./inspect-command.js")).addInspectCommand,
  diff: async () => (await import("./diff-command.js")).addDiffCommand,
  import: async () => (await import("./import-command.js")).addImportCommand,
  export: async () => (await import("./export-command.js")).addExportCommand,
} satisfies Record<string, () => Promise<(program: Command, environment: CliEnvironment) => void>>;

type CommandName = keyof typeof commands;

/**
 * What to define for `args`: the command it names alone; nothing for a bare `--version`;
 * otherwise every command, with the listing `ctx` runs without one for no word or `help` (a word
 * that names no command is then refused by the parser, with the command it was likely meant as).
 */
function partsFor(args: readonly string[]): {
  readonly commands: readonly CommandName[];
  readonly listing: boolean;
} {
  const word = args.find((arg) => !arg.startsWith("-"));
  if (word !== undefined && Object.hasOwn(commands, word)) {
    return { commands: [word as CommandName], listing: false };
  }
  if (word === undefined && args.some((arg) => arg === "--version" || arg === "-V")) {
    return { commands: [], listing: false };
  }
  return {
    commands: ["context", "inspect", "diff", "import", "export"],
    listing: word === undefined || word === "help",
  };
}

/**
 * One error, as `ctx` reports every error: one line on standard error, `error:` and a sentence.
 * The parser's own (`error: unknown option '--formt'` and its suggestion on a line of its own)
 * are put in the same shape.
 */
function errorLine(message: string, paint: Paint): string {
  const sentence = visibleText(
    message
      .trim()
      .replace(/^error: /, "")
      .replace(/\n\(Did you mean (.+)\?\)$/, " (did you mean $1?)"),
  );
  return `${paint("red", "error:")} ${sentence}\n`;
}

const { version } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as {
  version: string;
};

/**
 * Runs the `ctx` command on `args` (the words after `ctx`) and resolves to its exit code: 0 when
 * it worked, 1 when the work failed, 2 when the command line is wrong. Errors are one line on
 * standard error; `--debug` adds the stack trace.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2), {
 *   stdout: process.stdout,
 *   stderr: process.stderr,
 *   env: process.env,
 *   cwd: process.cwd(),
 * });
 * ```
 */
export async function runCli(args: readonly string[], given: CliEnvironment): Promise<number> {
  const environment = createVisibleEnvironment(given);
  const paint = createPaint(environment.stderr, environment.env);
  const program = new Command("ctx")
    .description("See the context an LLM agent built on @ctx shows its model.")
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .option("--debug", "show the stack trace of an error")
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => environment.stdout.write(text),
      writeErr: (text) => environment.stderr.write(text),
      outputError: (text, write) => write(errorLine(text, paint)),
    })
    .helpCommand("help [COMMAND]", "show help for a command");
  // `ctx help WORD` for a word that names no command is refused as `ctx WORD` is, with the
  // command it was likely meant as, instead of printing the general help as if it had worked.
  const [first, second] = args;
  const words =
    first === "help" &&
    second !== undefined &&
    !second.startsWith("-") &&
    !Object.hasOwn(commands, second)
      ? [second]
      : args;
  const parts = partsFor(words);
  for (const name of parts.commands) (await commands[name]())(program, environment);
  if (parts.listing) (await import("./session-listing.js")).addSessionListing(program, environment);
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput());
  }
  try {
    await program.parseAsync([...words], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const debug = program.opts<{ debug?: boolean }>().debug === true || args.includes("--debug");
    const reported = CliError.isInstance(error) ? error : systemFailure(error);
    environment.stderr.write(
      errorLine(reported instanceof Error ? reported.message : String(reported), paint),
    );
    if (debug && error instanceof Error && error.stack !== undefined) {
      environment.stderr.write(`${error.stack}\n`);
    } else if (!CliError.isInstance(reported)) {
      environment.stderr.write("(run again with --debug to see the stack trace)\n");
    }
    return CliError.isInstance(reported) ? reported.exitCode : 1;
  }
}
