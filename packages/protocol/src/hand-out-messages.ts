import { recordRewrite } from "./list-rewrites.js";

/** An array of messages a mapping returned, and what its next call needs to know of it. */
export interface HandedMessages<Message> {
  readonly messages: Message[];
  /** Its length when returned: an array whose length a caller changed is left to the caller. */
  readonly length: number;
  /** The instructions `before` made its messages of; `undefined` without `before`. */
  readonly instructions: string | undefined;
  /** The messages `before` made, in front of the mapped ones. */
  readonly before: readonly Message[];
  /** How many leading messages hold what the next call puts there too (marks and the open run's come after). */
  readonly settled: number;
}

/** What one call's messages are made of, in order. */
export interface MessageParts<Message> {
  /** The messages `before` made (or the previous call's, for the same instructions). */
  readonly before: readonly Message[];
  readonly instructions: string | undefined;
  /** The messages of the runs that have ended. */
  readonly closed: readonly Message[];
  /** The open run's message, if a run is open. */
  readonly open: Message | undefined;
  readonly marked:
    | { readonly count: number; readonly mark: (message: Message, fromEnd: number) => Message }
    | undefined;
}

/**
 * The array of `parts`' messages, the last `marked.count` replaced by their marks (each mark is
 * given the message and its place from the end, 1 for the last): `previous`
 * itself when it can go on (its length unchanged since it was returned, its `before` messages
 * the same), its settled messages left in place and the rest written after them, so the call
 * costs what changed; otherwise a new array, made in one copy. Each write is recorded
 * (`recordRewrite`) with the index it wrote from. The marks are made before
 * anything is written, so a mark that throws leaves `previous` as it was.
 */
export function handOutMessages<Message>(
  previous: HandedMessages<Message> | undefined,
  parts: MessageParts<Message>,
): HandedMessages<Message> {
  const { before, closed, open, marked } = parts;
  const total = before.length + closed.length + (open === undefined ? 0 : 1);
  const markFrom = Math.max(0, total - (marked?.count ?? 0));
  const slot = (index: number): Message => {
    if (index < before.length) return before[index] as Message;
    const at = index - before.length;
    return at < closed.length ? (closed[at] as Message) : (open as Message);
  };
  const marks: Message[] = [];
  for (let index = markFrom; index < total; index += 1) {
    marks.push((marked as NonNullable<typeof marked>).mark(slot(index), total - index));
  }
  let messages: Message[];
  let from = 0;
  if (
    previous !== undefined &&
    previous.messages.length === previous.length &&
    previous.before === before
  ) {
    messages = previous.messages;
    from = Math.min(previous.settled, markFrom);
    messages.length = from;
    for (let index = messages.length; index < markFrom; index += 1) messages.push(slot(index));
  } else {
    messages = before.length === 0 ? closed.slice() : before.concat(closed);
    if (open !== undefined) messages.push(open);
    messages.length = markFrom;
  }
  for (const mark of marks) messages.push(mark);
  recordRewrite(messages, from);
  return {
    messages,
    length: messages.length,
    instructions: parts.instructions,
    before,
    settled: Math.min(before.length + closed.length, markFrom),
  };
}
