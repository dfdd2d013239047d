import { describeRolloutStoreContract } from "@ctx/rollout/testing";
import { createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";

// The contract every rollout store keeps (memory, JSONL, PostgreSQL), over a fresh schema per
// test; each `open()` is another pool, as another worker would open it.
if (databaseUrl !== undefined)
  describeRolloutStoreContract("createPostgresRolloutStore", async () => {
    const database = await createTestSchema();
    return {
      open: () =>
        createPostgresRolloutStore({
          url: databaseUrl ?? "",
          schema: database.schema,
          maxConnections: 2,
        }),
      persistent: true,
      dispose: () => database.drop(),
    };
  });
