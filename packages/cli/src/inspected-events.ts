import type { AnswerEnding } from "@ctx/protocol";
import type { InspectedEvent } from "./rollout-inspection.js";

/** What the inspection says of an answer that did not complete, by how it ended. */
const answerEndings: Readonly<Record<Exclude<AnswerEnding, "completed">, string>> = {
  cut: "the model's answer was cut short (the provider's output limit)",
  refused: "the model refused to answer",
  failed: "the provider reported the answer as failed",
  aborted: "the answer was stopped before it was whole",
};

/** The event's words for an answer that ended as `ending`. */
export function describeAnswerEnding(ending: Exclude<AnswerEnding, "completed">): string {
  return answerEndings[ending];
}

/** The event's words for a rewind to `parentLine` (0: the start) that left `records` out. */
export function describeRewind(parentLine: number, records: number): string {
  const to = parentLine === 0 ? "the start" : `line ${parentLine}`;
  return `the person rewound to ${to}: the ${records} record(s) of the branch they left are not in the history`;
}

/** The events `ctx inspect` lists, the first `limit` of them, and how many there were. */
export class InspectedEvents {
  count = 0;
  readonly list: InspectedEvent[] = [];

  constructor(private readonly limit: number) {}

  add(event: InspectedEvent): void {
    this.count += 1;
    if (this.list.length < this.limit) this.list.push(event);
  }
}
