import type { RolloutStore } from "@ctx/rollout";

/** The marks of a rollout as the store holds it, from its start (a fork's parent prefix included). */
export async function readMarks(store: RolloutStore, sessionId: string): Promise<string[]> {
  const read = await store.read(sessionId, { from: "start" });
  const text = (item: unknown) => {
    const content = (item as { content?: { text?: string }[] }).content ?? [];
    return content.map((part) => part.text ?? "").join("");
  };
  return read.records.flatMap((record): string[] => {
    const payload = record.payload as Record<string, unknown>;
    if (record.type === "rollback") return ["rollback"];
    if (record.type === "compaction") {
      const history = (payload.replacementHistory as unknown[]).map(text);
      const summary = history.find((entry) => entry.startsWith("summary "));
      return [`compact:${summary?.slice("summary ".length)}`];
    }
    if (record.type !== "response_item") return [];
    const source = (payload.origin as { source: string }).source;
    return source === "user" || source === "model" ? [`${source}:${text(payload.item)}`] : [];
  });
}
