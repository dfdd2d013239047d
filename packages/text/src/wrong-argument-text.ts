/**
 * The wording of a wrong argument, `invalid <argument>: <problem>`, without checks: what
 * {@link describeWrongArgument} returns, for the errors of this package that it throws.
 */
export function wrongArgumentText(argument: string, problem: string): string {
  return `invalid ${argument}: ${problem}`;
}
