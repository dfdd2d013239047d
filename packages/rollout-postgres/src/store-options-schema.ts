import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { longestWait } from "./answer-within.js";
import { isPostgresUrl } from "./is-postgres-url.js";
import { postgresClientSchema } from "./postgres-client-schema.js";

/** The schema of the options of `createPostgresRolloutStore`: a URL or a client, and the shared ones. */
export const storeOptionsSchema = lazySchema(() => {
  const shared = {
    schema: z.string().optional(),
    callTimeout: z.number().int().positive().max(longestWait).optional(),
  };
  return z.union([
    z.strictObject({
      url: z.string().refine(isPostgresUrl, {
        message: "expected a postgres:// or postgresql:// connection URL",
      }),
      maxConnections: z.number().int().positive().optional(),
      ...shared,
    }),
    z.strictObject({ sql: postgresClientSchema, ...shared }),
  ]);
});
