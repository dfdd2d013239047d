import type { RolloutInspection } from "./rollout-inspection.js";

/** The lines naming who the session is, as far as the rollout says. */
export function sessionFacts(inspection: RolloutInspection): [string, string][] {
  const { session } = inspection;
  const writer = [session.originator, session.version].filter((part) => part !== undefined);
  const facts: [string, string | undefined][] = [
    ["session", session.id],
    ["forked from", session.forkedFrom],
    ["agent", session.agentPath],
    ["parent", session.parentSession],
    ["model", session.models.length === 0 ? undefined : session.models.join(", ")],
    ["cwd", session.cwd],
    ["written by", writer.length === 0 ? undefined : writer.join(" ")],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== undefined);
}
