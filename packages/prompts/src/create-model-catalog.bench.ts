import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { createModelCatalog } from "./create-model-catalog.js";
import { defaultModelCatalog } from "./default-model-catalog.js";

const entries = Array.from({ length: 200 }, (_, index) => ({
  ...defaultModelCatalog.get("ctx-coder"),
  slug: `model-${index}`,
}));

describe("createModelCatalog", () => {
  bench(
    "200 entries with the full coding-agent instructions",
    () => {
      createModelCatalog(entries);
    },
    benchOptions(),
  );
});
