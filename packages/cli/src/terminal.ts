/** A stream the command writes to: standard output or standard error, or a test's stand-in. */
export interface OutputStream {
  write(text: string): unknown;
  /** Whether the stream is a terminal; colour and progress lines are only drawn on one. */
  readonly isTTY?: boolean;
  /** Listens once for `drain`, after `write` returned `false` because the buffer is full. */
  once?(event: "drain", listener: () => void): unknown;
}

/** Where the command reads its surroundings from and writes its output to. */
export interface CliEnvironment {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** The process environment: `NO_COLOR`, `CODEX_HOME`, `HOME`, `SHELL`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths resolve against. */
  readonly cwd: string;
}

/** The styles the command draws with. */
export type Style = "bold" | "dim" | "red" | "yellow" | "green" | "cyan";

const codes: Record<Style, readonly [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  green: [32, 39],
  cyan: [36, 39],
};

/** Draws text in a style, or leaves it plain. */
export type Paint = (style: Style, text: string) => string;

/**
 * A painter for `stream`: ANSI colour only when the stream is a terminal and `NO_COLOR` is unset
 * or empty (https://no-color.org), plain text otherwise.
 */
export function createPaint(stream: OutputStream, env: CliEnvironment["env"]): Paint {
  const colour = stream.isTTY === true && (env.NO_COLOR ?? "") === "";
  if (!colour) return (_style, text) => text;
  return (style, text) => `\u001b[${codes[style][0]}m${text}\u001b[${codes[style][1]}m`;
}

/** A progress line for long work. */
export interface Progress {
  /** Shows `message` in place of the previous one. */
  report(message: string): void;
  /** Removes the line, once the work is done or has failed. */
  clear(): void;
}

/**
 * Reports progress of long work on standard error, and only when it is a terminal, so pipes and
 * files get the result alone. Each report redraws one line; `clear` erases it.
 */
export function createProgress(environment: CliEnvironment): Progress {
  const { stderr } = environment;
  if (stderr.isTTY !== true) return { report: () => {}, clear: () => {} };
  const paint = createPaint(stderr, environment.env);
  let shown = false;
  return {
    report: (message) => {
      stderr.write(`\r\u001b[2K${paint("dim", message)}`);
      shown = true;
    },
    clear: () => {
      if (shown) stderr.write("\r\u001b[2K");
      shown = false;
    },
  };
}
