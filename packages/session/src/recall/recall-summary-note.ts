/**
 * The sentence a summary ends with when the model is offered the recall tool `toolName`: what
 * the summary leaves out is still there, word for word, to be read back. Our own wording.
 */
export function recallSummaryNote(toolName: string): string {
  return `Nothing from before this summary is lost: the ${toolName} tool reads back any earlier message, tool call or output of this conversation exactly, by turn, text, tool or file path.`;
}
