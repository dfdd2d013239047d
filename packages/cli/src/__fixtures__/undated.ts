/**
 * `text` with the environment context's date blanked: each run of `ctx` reads today's date, so
 * two runs around midnight may read different ones.
 */
export function undated(text: string): string {
  return text.replace(/<current_date>[^<]*<\/current_date>/g, "<current_date/>");
}
