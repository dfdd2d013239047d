import type { CodexAppServer } from "./codex-app-server.js";
import { ConformanceError } from "./conformance-error.js";
import type { ScenarioSettings, ScenarioTurn } from "./scenario.js";

/**
 * One turn through Codex's app server: the rollback before it (`thread/revert`, before the first
 * of the turns dropped), the manual compaction before it (`thread/compact/start`), then the turn
 * in `cwd` with the sandbox mode or model it changes, each awaited to its end. `turnIds` holds
 * the ids of the turns still in the thread.
 */
export async function runAppServerTurn(
  server: CodexAppServer,
  threadId: string,
  turn: ScenarioTurn,
  turnIds: string[],
  cwd: string,
): Promise<void> {
  if (turn.rollbackBefore !== undefined) {
    const kept = turnIds.length - turn.rollbackBefore;
    await server.call("thread/revert", { threadId, beforeTurnId: turnIds[kept] });
    turnIds.splice(kept);
  }
  if (turn.compactBefore === true) {
    const compacted = server.next("turn/completed");
    await server.call("thread/compact/start", { threadId });
    await compacted;
  }
  const completed = server.next("turn/completed");
  const { sandboxMode, model } = turn.settings ?? {};
  await server.call("turn/start", {
    threadId,
    input: [{ type: "text", text: turn.prompt, text_elements: [] }],
    cwd,
    ...(sandboxMode === undefined ? {} : { sandboxPolicy: sandboxPolicy(sandboxMode) }),
    ...(model === undefined ? {} : { model }),
  });
  const done: unknown = await completed;
  const id =
    typeof done === "object" &&
    done !== null &&
    "turn" in done &&
    typeof done.turn === "object" &&
    done.turn !== null &&
    "id" in done.turn
      ? String(done.turn.id)
      : undefined;
  if (id === undefined)
    throw new ConformanceError("codex-failed", "app-server: a turn without an id");
  turnIds.push(id);
}

/** The app server's sandbox policy for a sandbox mode, with the defaults `-c sandbox_mode` gives. */
function sandboxPolicy(mode: NonNullable<ScenarioSettings["sandboxMode"]>): unknown {
  if (mode === "read-only") return { type: "readOnly", networkAccess: false };
  if (mode === "danger-full-access") return { type: "dangerFullAccess" };
  return {
    type: "workspaceWrite",
    writableRoots: [],
    networkAccess: false,
    excludeTmpdirEnvVar: false,
    excludeSlashTmp: false,
  };
}
