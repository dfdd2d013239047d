/**
 * One call at a time per session: a call enters the session's lane, waits there behind the
 * calls that entered before it, in order, and lets the next one in when it leaves.
 */
export interface SessionLanes {
  /**
   * Enters the session's lane: `undefined` when it was free (the call is in at once, with no
   * promise made or awaited), else a promise that resolves once every call before it has left.
   */
  enter(sessionId: string): Promise<void> | undefined;
  /** Leaves the session's lane; the call that waits longest enters next. */
  leave(sessionId: string): void;
  /** Runs `step` in the session's lane. */
  run<Result>(sessionId: string, step: () => Promise<Result>): Promise<Result>;
}

/**
 * Lanes kept as one list of waiting calls per busy session: a call into a free lane costs a
 * map lookup, not the promise chain a queue of promises builds per call.
 */
export function createSessionLanes(): SessionLanes {
  /** The busy lanes, each with the calls waiting to enter it, in order. */
  const waiting = new Map<string, (() => void)[]>();
  const lanes: SessionLanes = {
    enter(sessionId) {
      const queue = waiting.get(sessionId);
      if (queue === undefined) {
        waiting.set(sessionId, []);
        return undefined;
      }
      return new Promise<void>((resolve) => {
        queue.push(resolve);
      });
    },

    leave(sessionId) {
      const next = waiting.get(sessionId)?.shift();
      if (next === undefined) waiting.delete(sessionId);
      else next();
    },

    async run(sessionId, step) {
      const entering = lanes.enter(sessionId);
      if (entering !== undefined) await entering;
      try {
        return await step();
      } finally {
        lanes.leave(sessionId);
      }
    },
  };
  return lanes;
}
