import type { ResponseItem } from "@ctx/protocol";
import { approximateTokenizer, type Session, type TurnContext } from "@ctx/session";
import type { WriteKind } from "./writer-schedule.js";

/** The turn context of every turn a writer begins. */
export const writerTurn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "Europe/Paris",
};

/** The session options of every writer and of the reference. */
export const writerOptions = { tokenizer: approximateTokenizer };
const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

/** The one append `kind` makes, tagged `tag` so the rollout shows whose it is. */
export function performWrite(session: Session, kind: WriteKind, tag: string): Promise<unknown> {
  switch (kind) {
    case "turn":
      return session.beginTurn(writerTurn, tag);
    case "record":
      return session.record([assistant(tag)]);
    case "rollback":
      return session.rollback(1);
    case "compact":
      return session.compact({
        replacement: [{ item: assistant(`summary ${tag}`), origin: { source: "model" } }],
      });
  }
}

/** How an acknowledged write shows in the rollout. */
export function markOf(kind: WriteKind, tag: string): string {
  switch (kind) {
    case "turn":
      return `user:${tag}`;
    case "record":
      return `model:${tag}`;
    case "rollback":
      return "rollback";
    case "compact":
      return `compact:${tag}`;
  }
}
