import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assistant, call, output } from "../__fixtures__/items.js";
import { openSession } from "../open-session.js";
import type { Session } from "../session.js";
import { SessionState } from "../session-state.js";
import type { TurnContext } from "../turn/turn-context.js";
import { replayRollout } from "./replay-rollout.js";

const registry = createStandardRegistry();

const turnContext = (model: string, cwd: string): TurnContext => ({
  model,
  environments: [{ id: "local", cwd, shell: "bash" }],
  permissions: { sandboxMode: "read-only", approvalPolicy: "never" },
});

/** One call into a session, as a property test draws it. */
type Operation = (session: Session) => Promise<unknown>;

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.tuple(fc.constantFrom("ctx-coder", "ctx-coder-mini"), fc.constantFrom("/a", "/b")).map(
    ([model, cwd]): Operation =>
      (session) =>
        session.beginTurn(turnContext(model, cwd), `work in ${cwd}`),
  ),
  fc.constant<Operation>((session) => session.nextRequest()),
  fc.string().map(
    (text): Operation =>
      (session) =>
        session.record([assistant(text)]),
  ),
  fc.constant<Operation>((session) => session.record([call("c1"), output("c1", "a.txt")])),
  fc.nat({ max: 5000 }).map(
    (totalTokens): Operation =>
      (session) =>
        session.reportUsage({ totalTokens }),
  ),
  fc.integer({ min: 1, max: 3 }).map(
    (turns): Operation =>
      (session) =>
        session.rollback(turns),
  ),
  fc.constant<Operation>((session) =>
    session.compact({ replacement: [{ item: assistant("summary"), origin: { source: "model" } }] }),
  ),
);

/** What a state shows of itself: every getter, and which sections the history carries. */
function stateOf(state: SessionState) {
  return {
    entries: state.entries,
    snapshots: state.snapshots,
    fullContext: state.fullContext,
    turnCount: state.turnCount,
    model: state.model,
    baseInstructions: state.baseInstructions,
    usage: state.usage,
    justCompacted: state.justCompacted,
    recordedRequest: state.recordedRequest?.withImages.items,
    shown: registry.kinds.flatMap((kind) =>
      kind.section !== undefined && state.shows(kind.section.id) ? [kind.section.id] : [],
    ),
  };
}

/**
 * Runs `operations` on a live session, then replays what it wrote: both states, or `undefined`
 * when nothing was written.
 */
async function liveAndReplayed(operations: readonly Operation[]) {
  const store = createMemoryRolloutStore();
  const live = new SessionState(registry);
  const session = openSession(live, { store, registry }, { created: false, nextSequence: 0 });
  for (const run of operations) {
    // A refused call (nextRequest before a turn) writes nothing and changes nothing.
    await run(session).catch(() => undefined);
  }
  if (live.turnCount === 0 && live.entries.length === 0) return undefined;
  const read = await store.read(session.id);
  return { live: stateOf(live), replayed: stateOf(replayRollout(read.records, registry).state) };
}

describe("SessionState.apply", () => {
  it("gives a replay of what a live session wrote the live session's state", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 12 }), async (operations) => {
        const states = await liveAndReplayed(operations);
        if (states !== undefined) expect(states.replayed).toEqual(states.live);
      }),
      { numRuns: 40 },
    );
  });

  it("takes the model's items after a compaction as the answer to a request of the compacted history, live as in a replay from that checkpoint", async () => {
    const states = await liveAndReplayed([
      (session) => session.beginTurn(turnContext("ctx-coder", "/a"), "work in /a"),
      (session) => session.record([assistant("first")]),
      (session) =>
        session.compact({
          replacement: [{ item: assistant("summary"), origin: { source: "model" } }],
        }),
      (session) => session.record([call("c1"), output("c1", "a.txt")]),
    ]);
    expect(states?.live.recordedRequest).toEqual([assistant("summary")]);
    expect(states?.replayed).toEqual(states?.live);
  });
});
