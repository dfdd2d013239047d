// The names the root exported before `@ctx/protocol/mapping` and `@ctx/protocol/internal` held
// them. They keep working from the root for one minor version; each says where it went.
import type * as mappers from "./create-item-mapper.js";
import { createItemMapper as movedCreateItemMapper } from "./create-item-mapper.js";
import { createMessageMapper as movedCreateMessageMapper } from "./create-message-mapper.js";
import { declareExtension as movedDeclareExtension } from "./declare-extension.js";
import { deepFreeze as movedDeepFreeze, isDeepFrozen as movedIsDeepFrozen } from "./deep-freeze.js";
import type * as messageMappers from "./message-mapper.js";
import { parseWithSchema as movedParseWithSchema } from "./parse-with-schema.js";
import type * as checkers from "./schema-checker.js";
import { createSchemaChecker as movedCreateSchemaChecker } from "./schema-checker.js";
import {
  describeSchemaIssues as movedDescribeSchemaIssues,
  issuesInArgument as movedIssuesInArgument,
  toSchemaIssues as movedToSchemaIssues,
} from "./schema-issue.js";
import { sharedInputRequest as movedSharedInputRequest } from "./shared-input-request.js";

/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export const createItemMapper = movedCreateItemMapper;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type ItemMapper<Output> = mappers.ItemMapper<Output>;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export const createMessageMapper = movedCreateMessageMapper;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type MapOptions<Message> = messageMappers.MapOptions<Message>;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type MessageMapper<Piece, Message, State> = messageMappers.MessageMapper<
  Piece,
  Message,
  State
>;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type MessageMapperOptions<Piece, Message, State> = messageMappers.MessageMapperOptions<
  Piece,
  Message,
  State
>;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type MessageMapping<Piece, Message, State> = messageMappers.MessageMapping<
  Piece,
  Message,
  State
>;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export const declareExtension = movedDeclareExtension;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export const sharedInputRequest = movedSharedInputRequest;
/** @deprecated Meant for the packages of this repository; the root stops exporting it in the next minor version. */
export const deepFreeze = movedDeepFreeze;
/** @deprecated Meant for the packages of this repository; the root stops exporting it in the next minor version. */
export const isDeepFrozen = movedIsDeepFrozen;
/** @deprecated Meant for the packages of this repository; an adapter checks answers with `checkAnswer` of `@ctx/protocol/mapping`. The root stops exporting it in the next minor version. */
export const parseWithSchema = movedParseWithSchema;
/** @deprecated Meant for the packages of this repository; an adapter checks arguments with `adapterArgumentChecker` of `@ctx/protocol/mapping`. The root stops exporting it in the next minor version. */
export const createSchemaChecker = movedCreateSchemaChecker;
/** @deprecated Meant for the packages of this repository; the root stops exporting it in the next minor version. */
export type RefuseIssues = checkers.RefuseIssues;
/** @deprecated Import it from `@ctx/protocol/mapping`; the root stops exporting it in the next minor version. */
export type SchemaChecker = checkers.SchemaChecker;
/** @deprecated Meant for the packages of this repository; `ProtocolError`'s message already holds it. The root stops exporting it in the next minor version. */
export const describeSchemaIssues = movedDescribeSchemaIssues;
/** @deprecated Meant for the packages of this repository; the root stops exporting it in the next minor version. */
export const issuesInArgument = movedIssuesInArgument;
/** @deprecated Meant for the packages of this repository; the root stops exporting it in the next minor version. */
export const toSchemaIssues = movedToSchemaIssues;
