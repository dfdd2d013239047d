import { bundledTexts } from "./data/bundled-texts.js";

/**
 * What a session sends, as a user message after the whole history, to have the model write a
 * checkpoint summary for another model to continue from: the goal, what is done and why, the
 * context and constraints, the next steps, and the exact details to carry over, briefly and
 * with structure. It ends with a newline, as the reference sends its prompt.
 */
export const compactionPrompt: string = `${bundledTexts.compaction.prompt}\n`;
