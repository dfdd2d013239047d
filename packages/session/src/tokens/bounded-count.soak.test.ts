import { describe, it } from "vitest";
import { countsRealTextsWhole } from "../__fixtures__/real-texts.js";

describe("boundedCount", () => {
  it("counts every text of the Codex rollouts and of these READMEs whole, cut at spaces", () => {
    countsRealTextsWhole(1);
  });
});
