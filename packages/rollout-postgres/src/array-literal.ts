/**
 * A PostgreSQL array literal of texts (`{"a","b",NULL}`): each element quoted, its quotes and
 * backslashes escaped. The store sends arrays as such literals, cast in the statement
 * (`$1::text[]`), rather than as JavaScript arrays: the client can only serialise those once it
 * has fetched the server's array types, a query it runs on every new connection, and one that
 * postgres.js 3.4 leaves as an unhandled rejection when the server goes down under it.
 */
export function arrayLiteral(values: readonly (string | null)[]): string {
  const elements = values.map((value) =>
    value === null ? "NULL" : `"${value.replace(/["\\]/g, "\\$&")}"`,
  );
  return `{${elements.join(",")}}`;
}
