import type { FragmentKind } from "@ctx/fragments";
import { describe, expectTypeOf, it } from "vitest";
import * as entry from "./index.js";

// The exported types of @ctx/registry, each pinned to what it describes, through the entry:
// `pnpm typecheck` compiles this file, so an exported type that drifts from its value fails there.

describe("the types @ctx/registry exports", () => {
  it("types every kind by its exported data type", () => {
    expectTypeOf(entry.additionalContext).toEqualTypeOf<
      FragmentKind<entry.AdditionalContextData>
    >();
    expectTypeOf(entry.agentMessageBoardNotification).toEqualTypeOf<
      FragmentKind<entry.AgentMessageBoardNotificationData>
    >();
    expectTypeOf(entry.agentsMdInstructions).toEqualTypeOf<
      FragmentKind<entry.AgentsMdInstructionsData>
    >();
    expectTypeOf(entry.catalogAppsInstructions).toEqualTypeOf<
      FragmentKind<entry.CatalogAppsInstructionsData>
    >();
    expectTypeOf(entry.collaborationMode).toEqualTypeOf<
      FragmentKind<entry.CollaborationModeData>
    >();
    expectTypeOf(entry.commandSessions).toEqualTypeOf<FragmentKind<entry.CommandSessionsData>>();
    expectTypeOf(entry.contentFilterGuidance).toEqualTypeOf<
      FragmentKind<entry.ContentFilterGuidanceData>
    >();
    expectTypeOf(entry.contextWindow).toEqualTypeOf<FragmentKind<entry.ContextWindowData>>();
    expectTypeOf(entry.contextWindowGuidance).toEqualTypeOf<
      FragmentKind<entry.ContextWindowGuidanceData>
    >();
    expectTypeOf(entry.currentTimeReminder).toEqualTypeOf<
      FragmentKind<entry.CurrentTimeReminderData>
    >();
    expectTypeOf(entry.deferredTools).toEqualTypeOf<FragmentKind<entry.DeferredToolsData>>();
    expectTypeOf(entry.developerInstructions).toEqualTypeOf<
      FragmentKind<entry.DeveloperInstructionsData>
    >();
    expectTypeOf(entry.environmentContext).toEqualTypeOf<
      FragmentKind<entry.EnvironmentContextData>
    >();
    expectTypeOf(entry.hookPrompt).toEqualTypeOf<FragmentKind<entry.HookPromptData>>();
    expectTypeOf(entry.imageResizeNotice).toEqualTypeOf<
      FragmentKind<entry.ImageResizeNoticeData>
    >();
    expectTypeOf(entry.interAgentCompletion).toEqualTypeOf<
      FragmentKind<entry.InterAgentCompletionData>
    >();
    expectTypeOf(entry.internalModelContext).toEqualTypeOf<
      FragmentKind<entry.InternalModelContextData>
    >();
    expectTypeOf(entry.modelInstructions).toEqualTypeOf<
      FragmentKind<entry.ModelInstructionsData>
    >();
    expectTypeOf(entry.modelSwitch).toEqualTypeOf<FragmentKind<entry.ModelSwitchData>>();
    expectTypeOf(entry.multiAgentMode).toEqualTypeOf<FragmentKind<entry.MultiAgentModeData>>();
    expectTypeOf(entry.multiAgentRole).toEqualTypeOf<FragmentKind<entry.MultiAgentRoleData>>();
    expectTypeOf(entry.permissionsInstructions).toEqualTypeOf<
      FragmentKind<entry.PermissionsInstructionsData>
    >();
    expectTypeOf(entry.persistentMode).toEqualTypeOf<FragmentKind<entry.PersistentModeData>>();
    expectTypeOf(entry.personalitySpec).toEqualTypeOf<FragmentKind<entry.PersonalitySpecData>>();
    expectTypeOf(entry.realtimeDelegation).toEqualTypeOf<
      FragmentKind<entry.RealtimeDelegationData>
    >();
    expectTypeOf(entry.realtimeEnd).toEqualTypeOf<FragmentKind<entry.RealtimeEndData>>();
    expectTypeOf(entry.realtimeStartWithInstructions).toEqualTypeOf<
      FragmentKind<entry.RealtimeStartWithInstructionsData>
    >();
    expectTypeOf(entry.recommendedPlugins).toEqualTypeOf<
      FragmentKind<entry.RecommendedPluginsData>
    >();
    expectTypeOf(entry.rolloutBudget).toEqualTypeOf<FragmentKind<entry.RolloutBudgetData>>();
    expectTypeOf(entry.skill).toEqualTypeOf<FragmentKind<entry.SkillData>>();
    expectTypeOf(entry.skillsInstructions).toEqualTypeOf<
      FragmentKind<entry.SkillsInstructionsData>
    >();
    expectTypeOf(entry.startupContext).toEqualTypeOf<FragmentKind<entry.StartupContextData>>();
    expectTypeOf(entry.subagentNotification).toEqualTypeOf<
      FragmentKind<entry.SubagentNotificationData>
    >();
    expectTypeOf(entry.threadNetworkRequirements).toEqualTypeOf<
      FragmentKind<entry.ThreadNetworkRequirementsData>
    >();
    expectTypeOf(entry.userShellCommand).toEqualTypeOf<FragmentKind<entry.UserShellCommandData>>();
  });

  it("names the parts of the environment data and the schemas' output", () => {
    expectTypeOf<
      entry.EnvironmentContextData["environments"][number]
    >().toEqualTypeOf<entry.EnvironmentEntry>();
    type FileSystem = NonNullable<entry.EnvironmentContextData["filesystem"]>;
    expectTypeOf<FileSystem["permissionProfile"]>().toEqualTypeOf<entry.PermissionProfile>();
    expectTypeOf<entry.FileSystemEntry>().toExtend<{ access: "read" | "write" | "deny" }>();
    expectTypeOf(
      entry.environmentContextSchema.parse,
    ).returns.toEqualTypeOf<entry.EnvironmentContextData>();
    expectTypeOf(
      entry.skillsInstructionsSchema.parse,
    ).returns.toEqualTypeOf<entry.SkillsInstructionsData>();
  });

  it("types the registry, its options, its classifications and the legacy recognisers", () => {
    expectTypeOf(entry.createRegistry)
      .parameter(1)
      .toEqualTypeOf<entry.RegistryOptions | undefined>();
    expectTypeOf(entry.createStandardRegistry).returns.toEqualTypeOf<entry.Registry>();
    expectTypeOf<entry.Registry["classify"]>().returns.toEqualTypeOf<
      entry.Classification | undefined
    >();
    expectTypeOf(entry.defineLegacyFragment)
      .parameter(0)
      .toEqualTypeOf<entry.LegacyFragmentDefinition>();
    expectTypeOf(entry.defineLegacyFragment).returns.toEqualTypeOf<entry.LegacyFragment>();
    expectTypeOf(entry.legacyFragments).toEqualTypeOf<readonly entry.LegacyFragment[]>();
  });

  it("gives the turn state one slot per section, of the data its kinds read", () => {
    expectTypeOf<entry.StandardTurnState["environments"]>().toEqualTypeOf<
      entry.EnvironmentContextData | undefined
    >();
    expectTypeOf<entry.StandardTurnState["permissions"]>().toEqualTypeOf<
      entry.PermissionsInstructionsData | undefined
    >();
    expectTypeOf<entry.StandardTurnState["collaboration_mode"]>().toEqualTypeOf<
      entry.CollaborationModeData | undefined
    >();
  });
});
