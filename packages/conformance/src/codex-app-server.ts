import { spawn } from "node:child_process";
import { once } from "node:events";
import { codexBinary } from "./codex-cli.js";
import { ConformanceError } from "./conformance-error.js";

/** A running `codex app-server`, spoken to in JSON-RPC over its standard input and output. */
export interface CodexAppServer {
  /** Sends a request and resolves with its result. @throws {ConformanceError} on an error answer. */
  call(method: string, params: unknown): Promise<unknown>;
  /** Starts a thread in `cwd` (`thread/start`) and resolves with its id. */
  startThread(cwd: string): Promise<string>;
  /** Resolves with the parameters of the next notification named `method`. */
  next(method: string): Promise<unknown>;
  /**
   * Stops the server and resolves once its process has exited, so nothing writes into its home
   * after the scenario removes it (a SIGKILL follows when it has not gone within 10 seconds).
   */
  close(): Promise<void>;
}

/** How long one request or awaited notification may take. */
const timeout = 60_000;

/**
 * Starts the pinned Codex's app server in `cwd` with `HOME` and `CODEX_HOME` set to `home` and the
 * `-c` overrides `args`, and opens its session (`initialize`, then `initialized`). The suite uses
 * it for what `codex exec` cannot do: a manual compaction (`thread/compact/start`) and a rollback
 * (`thread/revert`).
 */
export async function startCodexAppServer(options: {
  readonly cwd: string;
  readonly home: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}): Promise<CodexAppServer> {
  const child = spawn(process.execPath, [codexBinary, "app-server", ...options.args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: options.home,
      CODEX_HOME: options.home,
      ...options.env,
    },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const waiters: { method: string; resolve: (value: unknown) => void }[] = [];
  let buffer = "";
  let id = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line === "") continue;
      const message = JSON.parse(line) as {
        id?: number;
        method?: string;
        result?: unknown;
        error?: unknown;
        params?: unknown;
      };
      if (message.method !== undefined) {
        const at = waiters.findIndex((waiter) => waiter.method === message.method);
        if (at !== -1) waiters.splice(at, 1)[0]?.resolve(message.params);
      } else if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error === undefined) waiting?.resolve(message.result);
        else
          waiting?.reject(
            new ConformanceError("codex-failed", `app-server: ${JSON.stringify(message.error)}`),
          );
      }
    }
  });
  const within = <Value>(promise: Promise<Value>, what: string): Promise<Value> =>
    new Promise<Value>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ConformanceError("codex-failed", `app-server: no ${what} in time`)),
        timeout,
      );
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  const server: CodexAppServer = {
    call: (method, params) => {
      id += 1;
      const answer = new Promise<unknown>((resolve, reject) =>
        pending.set(id, { resolve, reject }),
      );
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return within(answer, `answer to ${method}`);
    },
    startThread: async (cwd) => {
      const started = await server.call("thread/start", { cwd });
      if (
        typeof started === "object" &&
        started !== null &&
        "thread" in started &&
        typeof started.thread === "object" &&
        started.thread !== null &&
        "id" in started.thread
      )
        return String(started.thread.id);
      throw new ConformanceError("codex-failed", "app-server: thread/start gave no thread id");
    },
    next: (method) =>
      within(new Promise<unknown>((resolve) => waiters.push({ method, resolve })), method),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill();
      const stubborn = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(stubborn);
    },
  };
  await server.call("initialize", {
    clientInfo: { name: "ctx-conformance", title: null, version: "0" },
    capabilities: { experimentalApi: true },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "initialized" })}\n`);
  return server;
}
