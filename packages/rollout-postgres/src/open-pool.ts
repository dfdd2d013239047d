import postgres, { type Sql } from "postgres";

/**
 * The pool a store opens for a URL (options already checked): at most `maxConnections`, notices
 * dropped. The store sends arrays as literals (array-literal.ts), so it needs no array types,
 * and a new connection runs no query of the client's own: postgres.js 3.4 fetches them there
 * and, when the server goes down during that fetch, leaves an unhandled rejection and an
 * uncaught exception, which end a Node process.
 */
export function openPool(url: string, maxConnections = 10): Sql {
  return postgres(url, { max: maxConnections, onnotice: () => {}, fetch_types: false });
}
