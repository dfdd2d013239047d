import postgres from "postgres";

/**
 * SQLSTATE classes of a statement the server refused for the values it was given: 22 (data
 * exception: a value out of range, text it cannot keep), 23 (integrity constraint: a check, a
 * key) and 54 (program limit: a row too large). Sent again, the same values fail the same way;
 * a failure of any other class (a lost connection, a shutdown, a lack of resources) is the
 * server's, and says nothing about the values.
 */
const refusingClasses = new Set(["22", "23", "54"]);

/** Whether PostgreSQL refused a statement for its values rather than failing on its own. */
export function isRefusedRow(error: unknown): boolean {
  return error instanceof postgres.PostgresError && refusingClasses.has(error.code.slice(0, 2));
}
