/** A token figure, marked `~` when part of it is estimated at bytes / 4. */
export function tokenFigure(tokens: number, estimated: boolean | undefined): string {
  return `${estimated === true ? "~" : ""}${tokens}`;
}
