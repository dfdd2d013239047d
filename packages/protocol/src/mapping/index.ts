// `@ctx/protocol/mapping`: what an adapter author needs to map the session's requests to a
// provider's and its answers back: the message and item mappers, the shared input request, the
// answer and argument checks that throw `AdapterError`, and the context-window recogniser.
export { adapterArgumentChecker } from "../adapter-argument-checker.js";
export { checkAnswer } from "../check-answer.js";
export { createItemMapper, type ItemMapper } from "../create-item-mapper.js";
export { createMessageMapper } from "../create-message-mapper.js";
export {
  createRequestBodyMapping,
  type RequestBodyMapping,
  type RequestBodyMappingOptions,
  type RequestFields,
} from "../create-request-body-mapping.js";
export { declareExtension } from "../declare-extension.js";
export { firstDifferingByte, type RequestDifference } from "../first-differing-byte.js";
export type {
  MapOptions,
  MessageMapper,
  MessageMapperOptions,
  MessageMapping,
} from "../message-mapper.js";
export { saysContextWindowExceeded } from "../says-context-window-exceeded.js";
export type { SchemaChecker } from "../schema-checker.js";
export { sharedInputRequest } from "../shared-input-request.js";
