import { statSync } from "node:fs";

/** How often, at most, the directory's modification time is looked at, in milliseconds. */
export const lookInterval = 5;
/**
 * How recent a modification time may be and still be trusted to move when an entry changes. A
 * file system stamps times from a clock that moves in steps (a kernel tick, up to 10 ms), so an
 * entry made in the step a look was in can leave the time as that look saw it. On a file system
 * that keeps whole seconds only, the step is a second.
 */
const fineMargin = 50;
const coarseMargin = 2_000;

/** What {@link createDirectoryChanges} reads: the clock and the directory's modification time. */
export interface DirectoryClock {
  /** The time now, in milliseconds since the epoch (the clock file times are stamped from). */
  readonly now: () => number;
  /** The directory's modification time in milliseconds, or `NaN` when it cannot be read. */
  readonly modifiedAt: (directory: string) => number;
}

const systemClock: DirectoryClock = {
  now: Date.now,
  modifiedAt: (directory) => statSync(directory, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN,
};

/** Tells whether entries of a directory may have been created, removed or renamed. */
export interface DirectoryChanges {
  /**
   * A number that moves whenever an entry of the directory may have changed since it last
   * moved, seen within {@link lookInterval} ms: what a caller learnt about an entry at one
   * generation still holds while the generation is the same. It looks at the directory's
   * modification time (one `stat`) at most once per interval, whatever the number of callers,
   * and moves at every look while that time is too recent to be trusted.
   */
  generation(): number;
}

/** Follows the entries of `directory` through its modification time. */
export function createDirectoryChanges(
  directory: string,
  clock: DirectoryClock = systemClock,
): DirectoryChanges {
  let generation = 0;
  let lookedAt = Number.NEGATIVE_INFINITY;
  let seen = Number.NaN;
  /**
   * Whether the time seen was old enough at its look that any later change stamps another:
   * while it is not, the next look moves the generation whatever it reads.
   */
  let trusted = false;
  return {
    generation() {
      const now = clock.now();
      if (now - lookedAt < lookInterval) return generation;
      lookedAt = now;
      const modified = clock.modifiedAt(directory);
      // NaN (no time read) is never equal to the time seen, so it moves the generation too.
      if (modified !== seen || !trusted) generation += 1;
      seen = modified;
      trusted = modified <= now - (modified % 1000 === 0 ? coarseMargin : fineMargin);
      return generation;
    },
  };
}
