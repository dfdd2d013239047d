/** One problem found while validating a value, located by its path inside that value. */
export interface SchemaIssue {
  /** Where the problem is, such as `content[0].text`; empty for the value itself. */
  readonly path: string;
  /** What is wrong there, in plain words. */
  readonly message: string;
}
