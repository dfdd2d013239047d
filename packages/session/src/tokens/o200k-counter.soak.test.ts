import { describe, it } from "vitest";
import { countsRealTextsAsBefore } from "../__fixtures__/real-texts.js";
import { createO200kCounter } from "./o200k-counter.js";
import { loadO200kRanks } from "./o200k-ranks.js";
import { readPackedRanks } from "./packed-ranks.js";

describe("createO200kCounter", () => {
  it("counts every text of the Codex rollouts and of these READMEs as before", () => {
    countsRealTextsAsBefore(createO200kCounter(readPackedRanks(loadO200kRanks())), 1);
  });
});
