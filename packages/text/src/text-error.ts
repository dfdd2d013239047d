import { CtxError, type CtxErrorOptions } from "./ctx-error.js";
import { wrongArgumentText } from "./wrong-argument-text.js";

/**
 * What a {@link TextError} is about: `invalid-argument`, a text rule called with an argument
 * outside its domain.
 */
export type TextErrorCode = "invalid-argument";

/** Options of a {@link TextError}. */
export interface TextErrorOptions extends CtxErrorOptions {
  /** The parameter that was wrong, as the function's documentation names it. */
  readonly argument: string;
}

/** A text rule was called with an argument outside its domain; `argument` names which. */
export class TextError extends CtxError<TextErrorCode> {
  /** The parameter that was wrong, as the function's documentation names it. */
  readonly argument: string;

  constructor(code: TextErrorCode, message: string, options: TextErrorOptions) {
    super(code, message, options);
    this.argument = options.argument;
  }

  /** The error for `argument` outside its domain, `problem` saying how; the message names it. */
  static forArgument(argument: string, problem: string): TextError {
    return new TextError("invalid-argument", wrongArgumentText(argument, problem), {
      argument,
    });
  }
}
