import type { StoredRecord } from "../rollout/rollout-record.js";
import type { RolloutStore, SessionInfo } from "../rollout/rollout-store.js";

/**
 * The smallest store that keeps the interface's promises the session relies on (expected
 * sequences, parent prefixes, reads from the start), for tests until the real memory store is
 * on main. Records are copied through JSON, as a real store would.
 */
export function createTinyRolloutStore(): RolloutStore & { appends: number } {
  const sessions = new Map<string, { info: SessionInfo; records: StoredRecord[] }>();
  const now = () => new Date(0).toISOString();
  const chain = (id: string, limit = Number.POSITIVE_INFINITY): StoredRecord[] => {
    const session = sessions.get(id);
    if (session === undefined) throw new Error(`no session ${id}`);
    const { parent } = session.info;
    const inherited = parent === undefined ? [] : chain(parent.sessionId, parent.sequence);
    return [...inherited, ...session.records].filter((record) => record.sequence < limit);
  };
  const store = {
    appends: 0,
    async create(request) {
      const id = request.id ?? `session-${sessions.size + 1}`;
      if (sessions.has(id)) throw new Error(`taken: ${id}`);
      const info: SessionInfo = {
        id,
        createdAt: now(),
        updatedAt: now(),
        cwd: request.cwd,
        parent: request.parent,
        nextSequence: request.parent?.sequence ?? 0,
        archived: false,
        meta: request.meta ?? null,
      };
      sessions.set(id, { info, records: [] });
      return info;
    },
    async append(request) {
      const session = sessions.get(request.sessionId);
      if (session === undefined) throw new Error(`no session ${request.sessionId}`);
      if (request.expectedSequence !== session.info.nextSequence) throw new Error("conflict");
      store.appends += 1;
      request.records.forEach((record, index) => {
        session.records.push({
          ...JSON.parse(JSON.stringify(record)),
          sequence: request.expectedSequence + index,
        });
      });
      const nextSequence = request.expectedSequence + request.records.length;
      session.info = { ...session.info, nextSequence };
      return { nextSequence, duplicate: false };
    },
    async read(sessionId) {
      const session = sessions.get(sessionId);
      if (session === undefined) throw new Error(`no session ${sessionId}`);
      return { session: session.info, records: chain(sessionId), warnings: [] };
    },
    async info(sessionId) {
      return sessions.get(sessionId)?.info;
    },
    async list() {
      return { sessions: [...sessions.values()].map(({ info }) => info), cursor: undefined };
    },
    async archive() {},
    async delete(sessionId) {
      sessions.delete(sessionId);
    },
    async close() {},
  } satisfies RolloutStore & { appends: number };
  return store;
}
