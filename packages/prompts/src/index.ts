export { applyModelOverrides, type ModelOverrides } from "./apply-model-overrides.js";
export { cacheMissDollars } from "./cache-miss-dollars.js";
export {
  CatalogError,
  type CatalogErrorLocation,
  type CatalogErrorOptions,
} from "./catalog-error.js";
export { compactionPrompt } from "./compaction-prompt.js";
export {
  createModelCatalog,
  type ModelCatalog,
  type ModelCatalogOptions,
} from "./create-model-catalog.js";
export { defaultModelCatalog } from "./default-model-catalog.js";
export { defaultModelFallback } from "./default-model-fallback.js";
export { getModelInstructions } from "./get-model-instructions.js";
export { getPersonalityMessage } from "./get-personality-message.js";
export {
  type ModelFallback,
  type ModelInfo,
  type ModelPricing,
  type ModelSource,
  modelFallbackSchema,
  modelInfoSchema,
  modelPricingSchema,
  type PermissionsTextOverrides,
  type PersonalityMessages,
  permissionsTextOverridesSchema,
  type TruncationPolicy,
} from "./model-info.js";
export {
  type ApprovalPolicy,
  type ApprovalsReviewer,
  type DeniedReads,
  type GranularApprovals,
  type PermissionsPolicy,
  permissionsPolicySchema,
  resolveSandboxMode,
  type SandboxMode,
} from "./permissions-policy.js";
export { PermissionsPolicyError } from "./permissions-policy-error.js";
export { defaultPersonality, type Personality, personalitySchema } from "./personality.js";
export {
  PromptsError,
  type PromptsErrorCode,
  type PromptsErrorOptions,
} from "./prompts-error.js";
export { renderPermissionsInstructions } from "./render-permissions-instructions.js";
export {
  type BaseInstructionsSources,
  resolveBaseInstructions,
} from "./resolve-base-instructions.js";
export { stripPersonalitySection } from "./strip-personality-section.js";
export {
  formatSummaryText,
  isSummaryText,
  parseSummaryText,
  summaryPrefix,
} from "./summary-text.js";
export { supportsPersonality } from "./supports-personality.js";
