/** The ending of a session's log file: `<id>.jsonl`. */
export const logSuffix = ".jsonl";
/** The ending of the empty file that marks a session archived: `<id>.archived`. */
export const archivedSuffix = ".archived";
