/**
 * A limit the library reached or a problem it worked around, reported as a value rather than a
 * log line: a budget that cut a file, a fragment over its size, a file it could not read. Each
 * package adds the fields a caller needs to act on its own warnings.
 */
export interface CtxWarning {
  /** A stable, kebab-case identifier of what happened, such as `fragment-over-size`. */
  readonly code: string;
  /** One sentence saying what happened, for people. */
  readonly message: string;
}
