import type { Answer } from "./local-server.js";

/**
 * What the OpenAI API answers when a request does not fit the model's context window: status
 * 400, an `invalid_request_error` whose `code` is `context_length_exceeded`.
 */
export const openAIContextWindowError: Answer = {
  status: 400,
  json: {
    error: {
      message: "Your input exceeds the context window of this model.",
      type: "invalid_request_error",
      param: "input",
      code: "context_length_exceeded",
    },
  },
};

/** Another 400 of the OpenAI API, which has nothing to do with the context window. */
export const openAIInvalidValueError: Answer = {
  status: 400,
  json: {
    error: {
      message: "Invalid value: 'huge'. Supported values are: 'low', 'medium' and 'high'.",
      type: "invalid_request_error",
      param: "reasoning.effort",
      code: "invalid_value",
    },
  },
};

/**
 * What the Anthropic API answers when a prompt does not fit the model's context window: status
 * 400, an `invalid_request_error` whose message says the prompt is too long.
 */
export const anthropicContextWindowError: Answer = {
  status: 400,
  json: {
    type: "error",
    error: {
      type: "invalid_request_error",
      message: "prompt is too long: 208310 tokens > 200000 maximum",
    },
    request_id: "req_test_1",
  },
};

/** Another 400 of the Anthropic API, which has nothing to do with the context window. */
export const anthropicInvalidRequestError: Answer = {
  status: 400,
  json: {
    type: "error",
    error: { type: "invalid_request_error", message: "max_tokens: must be at least 1" },
    request_id: "req_test_2",
  },
};
