import { utf8ByteLength } from "@ctx/text";
import type { SkillsBudget } from "./skills-budget.js";

/** A skill line whose description shares the room left once every bare line is paid for. */
export interface DescriptionLine {
  /** The line without a description: `- name: (file: path)`. */
  readonly bare: string;
  /** The description's characters (code points), in order. */
  readonly characters: readonly string[];
}

/**
 * How many characters of each description fit in `room`, as the reference shares it: one
 * character at a time, in list order, round after round, each skill paying what its line then
 * costs more than its bare line; a skill whose next character no longer fits stops there, and
 * what short descriptions leave goes to the longer ones. Time is the number of lines times the
 * longest description. Unchecked: the fitting function passes its own lines.
 */
export function shareDescriptionRoom(
  lines: readonly DescriptionLine[],
  room: number,
  budget: SkillsBudget,
): number[] {
  const shares = lines.map(() => ({ characters: 0, bytes: 0, cost: 0 }));
  const bare = lines.map(({ bare: line }) => {
    const characters = [...line].length + 1;
    const bytes = utf8ByteLength(line) + 1;
    return { characters, bytes, cost: budget.cost(characters, bytes) };
  });
  let left = room;
  let open = lines.flatMap((line, index) => (line.characters.length > 0 ? [index] : []));
  while (open.length > 0) {
    const still: number[] = [];
    for (const index of open) {
      const share = shares[index];
      const base = bare[index];
      const next = lines[index]?.characters[share?.characters ?? 0];
      if (share === undefined || base === undefined || next === undefined) continue;
      const characters = share.characters + 1;
      const bytes = share.bytes + utf8ByteLength(next);
      // The description adds its characters and the space before it to the bare line.
      const cost = Math.max(
        0,
        budget.cost(base.characters + characters + 1, base.bytes + bytes + 1) - base.cost,
      );
      const added = Math.max(0, cost - share.cost);
      if (added > left) continue;
      left -= added;
      shares[index] = { characters, bytes, cost };
      if (characters < (lines[index]?.characters.length ?? 0)) still.push(index);
    }
    open = still;
  }
  return shares.map((share) => share.characters);
}
