import { execFile } from "node:child_process";

/** The commands the example's shell tool runs; it refuses any other. */
const readOnlyCommands = ["ls", "cat", "head", "wc", "pwd"];

/** The most characters of a command's output given back to the model. */
const maxOutput = 16_384;

/**
 * The shell tool of the runnable example: runs a command the model asked for in `cwd`, without
 * a shell, if it is one of a few that only read (`ls`, `cat`, `head`, `wc`, `pwd`), and answers
 * with what it printed (cut to 16 KiB), or with why it was not run. `report` hears of each call.
 */
export function createReadOnlyShell(
  cwd: string,
  report: (command: readonly string[]) => void,
): (command: readonly string[]) => Promise<string> {
  return (command) => {
    report(command);
    const [program, ...args] = command;
    if (program === undefined || !readOnlyCommands.includes(program)) {
      return Promise.resolve(`not run: this agent runs only ${readOnlyCommands.join(", ")}`);
    }
    return new Promise((resolve) => {
      execFile(
        program,
        args,
        { cwd, timeout: 10_000, maxBuffer: 1 << 20 },
        (error, stdout, stderr) => {
          const printed = `${stdout}${stderr}${error === null ? "" : `\n(${error.message})`}`;
          resolve(printed.length > maxOutput ? `${printed.slice(0, maxOutput)}\n(cut)` : printed);
        },
      );
    });
  };
}
