import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./session-process.ts", import.meta.url));

/** One answer of a `session-process.ts` worker: a refused write carries its error's fields. */
export interface ProcessAnswer {
  readonly ok: boolean;
  readonly conflict?: boolean;
  readonly code?: string;
  readonly sessionId?: string;
  readonly expected?: number;
  readonly actual?: number;
  readonly historyKept?: boolean;
  readonly message?: string;
}

/** A worker process on a JSONL folder, sent one command at a time. */
export interface SessionProcess {
  /** Sends `command` (`resume <sessionId>`, `turn <tag>`, `record <tag>`) and resolves with its answer. */
  send(command: string): Promise<ProcessAnswer>;
  /** Ends the worker (it closes its store) and resolves once it exited, with its stderr. */
  stop(): Promise<string>;
  /** Kills the worker with SIGKILL, as a crash would, and resolves once it is gone. */
  kill(): Promise<void>;
}

/** Starts a `session-process.ts` worker on the JSONL folder `directory`. */
export function startSessionProcess(directory: string): SessionProcess {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--conditions=@ctx/source", "--import", "tsx", script, directory],
    { stdio: "pipe" },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = once(child, "exit");
  return {
    async send(command) {
      child.stdin.write(`${command}\n`);
      const line = await lines.next();
      if (line.done === true) throw new Error(`the worker ended before answering: ${stderr}`);
      return JSON.parse(line.value) as ProcessAnswer;
    },
    async stop() {
      child.stdin.end();
      await exited;
      return stderr;
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
