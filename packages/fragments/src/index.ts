export { defineFragment } from "./define-fragment.js";
export { endsWithMarker } from "./ends-with-marker.js";
export {
  FragmentError,
  type FragmentErrorCode,
  type FragmentErrorOptions,
} from "./fragment-error.js";
export type {
  BodyHelpers,
  Fragment,
  FragmentDefinition,
  FragmentKind,
  FragmentRole,
  KindSection,
  Markers,
  ParseHelpers,
  SectionEvaluation,
} from "./fragment-kind.js";
export { checkFragmentSize, type FragmentSizeWarning } from "./fragment-size.js";
export { markedBody } from "./marked-body.js";
export { createMarkerGuard, type MarkerGuard } from "./marker-guard.js";
export { matchesMarkedText } from "./match-marked-text.js";
export {
  type BuildParams,
  defineSection,
  type Section,
  type SectionDefinition,
  type SectionReference,
  type SectionScope,
} from "./section.js";
export { startsWithMarker } from "./starts-with-marker.js";
