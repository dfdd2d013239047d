import postgres from "postgres";

/** Whether PostgreSQL refused a statement for a foreign key (SQLSTATE 23503): here, a fork still references a session. */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.code === "23503";
}
