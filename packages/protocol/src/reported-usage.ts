/** What a provider reported of one response's usage. */
export interface ReportedUsage {
  /**
   * The response's total tokens (the Responses API's `usage.total_tokens`: its request's input
   * and its output); a whole number ≥ 0.
   */
  readonly totalTokens: number;
}
