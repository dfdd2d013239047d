import {
  createPostgresRolloutStore,
  type PostgresRolloutStore,
} from "../create-postgres-rollout-store.js";
import { databaseUrl } from "./test-database.js";

/** Two stores on the test server's `schema`, each with a small pool of its own: two workers of a fleet. */
export function openWorkerStores(schema: string): [PostgresRolloutStore, PostgresRolloutStore] {
  const open = () =>
    createPostgresRolloutStore({ url: databaseUrl ?? "", schema, maxConnections: 2 });
  return [open(), open()];
}
