import { CtxError } from "./ctx-error.js";

/** A text rule was called with an argument outside its domain; `argument` names which. */
export class TextError extends CtxError {
  /** The parameter that was wrong, as the function's documentation names it. */
  readonly argument: string;

  constructor(argument: string, message: string) {
    super(`${argument}: ${message}`);
    this.argument = argument;
  }
}
