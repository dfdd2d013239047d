export {
  createPostgresRolloutStore,
  type PostgresRolloutStore,
  type PostgresRolloutStoreOptions,
} from "./create-postgres-rollout-store.js";
export { type MigrateOptions, type MigrateResult, migrate } from "./migrate.js";
export { type Migration, migrations } from "./migrations.js";
export type { PruneOptions, PruneResult } from "./prune-sessions.js";
