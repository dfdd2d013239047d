import type { CacheMissCause } from "@ctx/session";
import type { CacheSessionReport } from "./cache-session-report.js";
import type { PlantedCause, ServedCacheRequest } from "./provider-cache-session.js";

/** The cause the session should predict for each planted one; a resume should cost nothing. */
const expectedCause: Readonly<Record<PlantedCause, CacheMissCause | undefined>> = {
  "idle-gap": "expired",
  compaction: "compaction",
  "model-switch": "model",
  "tools-change": "tools",
  resume: undefined,
};

/** A request of the scripted session, by turn and step, with what the session predicted. */
export interface CheckedRequest {
  readonly turn: number;
  readonly step: number;
  readonly planted: readonly PlantedCause[];
  readonly predicted: readonly CacheMissCause[];
}

/** How the session's predictions meet what the simulated cache did. */
export interface PredictionCheck {
  /** Planted causes that cost a cache (every one but a resume), over the session. */
  readonly plantedCauses: number;
  /** Of those, the ones the session predicted with their cause, on the request they hit. */
  readonly predictedCauses: number;
  /** Requests the simulator reports as breaks or misses that lack a prediction of their cause. */
  readonly unpredicted: readonly CheckedRequest[];
  /** Requests after the first that the simulator read in full (a break or miss: neither). */
  readonly cleanTransitions: number;
  /** Clean transitions the session predicted a miss for. */
  readonly falseAlarms: readonly CheckedRequest[];
}

/**
 * Checks each request's prediction against the simulated cache's breaks and misses in
 * `report`: every loss predicted with its planted cause, nothing predicted where nothing was
 * lost.
 */
export function checkCachePredictions(
  served: readonly ServedCacheRequest[],
  report: CacheSessionReport,
): PredictionCheck {
  const lost = new Set(
    [...report.breaks, ...report.misses].map((loss) => `${loss.turn}:${loss.step}`),
  );
  let plantedCauses = 0;
  let predictedCauses = 0;
  let cleanTransitions = 0;
  const unpredicted: CheckedRequest[] = [];
  const falseAlarms: CheckedRequest[] = [];
  served.forEach(({ turn, step, planted, predicted }, index) => {
    const checked = { turn, step, planted, predicted };
    const expected = planted.flatMap((cause) => expectedCause[cause] ?? []);
    plantedCauses += expected.length;
    predictedCauses += expected.filter((cause) => predicted.includes(cause)).length;
    if (lost.has(`${turn}:${step}`)) {
      const named = expected.length > 0 ? expected : predicted.slice(0, 1);
      if (named.length === 0 || named.some((cause) => !predicted.includes(cause))) {
        unpredicted.push(checked);
      }
    } else if (index > 0) {
      cleanTransitions += 1;
      if (predicted.length > 0) falseAlarms.push(checked);
    }
  });
  return { plantedCauses, predictedCauses, unpredicted, cleanTransitions, falseAlarms };
}
