import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { compareCodePoints, escapeXml } from "@ctx/text";
import { z } from "zod";
import { diffEnvironmentContext, snapshotEnvironmentContext } from "./environment-context-diff.js";
import { environmentSnapshotSchema } from "./environment-snapshot.js";
import { guardedMarkers, standardMarkers } from "./markers.js";

const environmentSchema = lazySchema(() =>
  z.object({
    /** A stable id such as `local`; environments render sorted by it. */
    id: z.string(),
    /** The working directory, in the environment's own path convention (`C:\repo` stays so). */
    cwd: z.string(),
    /** The shell name (`bash`, `zsh`, `powershell`, …), when known. */
    shell: z.string().optional(),
    /** `starting` while the environment boots; `unavailable` only in an update for one that vanished. */
    status: z.enum(["available", "starting", "unavailable"]).optional(),
  }),
);

const fileSystemEntrySchema = lazySchema(() =>
  z.object({
    access: z.enum(["read", "write", "deny"]),
    target: z.union([
      z.object({ path: z.string() }),
      z.object({ glob: z.string() }),
      z.object({ special: z.string() }),
    ]),
    /** Only meaningful on `deny`: `false` renders `escalatable="false"`. */
    escalatable: z.boolean().optional(),
  }),
);

const permissionProfileSchema = lazySchema(() =>
  z.union([
    z.object({
      type: z.literal("managed"),
      fileSystem: z.union([
        z.object({ type: z.literal("unrestricted") }),
        z.object({
          type: z.literal("restricted"),
          entries: z.array(fileSystemEntrySchema),
          globScanMaxDepth: z.number().int().nonnegative().optional(),
        }),
      ]),
    }),
    z.object({ type: z.literal("disabled") }),
    z.object({ type: z.literal("external") }),
  ]),
);

/** The schema of {@link EnvironmentContextData}. */
export const environmentContextSchema = lazySchema(() =>
  z
    .object({
      environments: z.array(environmentSchema),
      /** `single` renders the one available environment as bare `<cwd>`/`<shell>` lines; by default it is chosen when there is exactly one available environment. */
      layout: z.enum(["single", "multiple"]).optional(),
      currentDate: z.string().optional(),
      timezone: z.string().optional(),
      network: z
        .object({ allowedDomains: z.array(z.string()), deniedDomains: z.array(z.string()) })
        .optional(),
      filesystem: z
        .object({ workspaceRoots: z.array(z.string()), permissionProfile: permissionProfileSchema })
        .optional(),
      /** The subagent roster, one line per agent (`- {agent}: {nickname}`). */
      subagents: z.string().optional(),
    })
    .refine((data) => data.layout !== "single" || isSingle(data.environments), {
      message: "the single layout needs exactly one available environment",
      path: ["layout"],
    }),
);

/** The data of an {@link environmentContext} fragment. */
export type EnvironmentContextData = z.infer<typeof environmentContextSchema>;
/** One environment the agent can run commands in. */
export type EnvironmentEntry = z.infer<typeof environmentSchema>;
/** The effective file-system permissions, as the environment context shows them. */
export type PermissionProfile = z.infer<typeof permissionProfileSchema>;
/** One file-system permission entry. */
export type FileSystemEntry = z.infer<typeof fileSystemEntrySchema>;

/**
 * Where the agent runs, as the model was shown it; `undefined` state when the session leaves
 * the environment context out. Without a known snapshot everything is sent; after one, only
 * what {@link diffEnvironmentContext} finds changed.
 */
export const environmentsSection = defineSection({
  id: "environments",
  scope: "world",
  state: lazySchema(() => z.union([environmentContextSchema, z.undefined()])),
  snapshot: environmentSnapshotSchema,
  snapshotOf: (state) => (state === undefined ? undefined : snapshotEnvironmentContext(state)),
});

/**
 * Facts about where the agent runs (user role): working directory and shell (or several
 * environments), date, time zone, network rules, file-system permissions and subagent roster,
 * one element per line, indented two spaces. Element text is XML-escaped where the reference
 * escapes it; environments and network domains are sorted by code point (the reference's byte
 * order), and domains are not escaped.
 */
export const environmentContext = defineFragment({
  type: "environment_context",
  role: "user",
  markers: standardMarkers.environmentContext,
  guards: guardedMarkers,
  schema: environmentContextSchema,
  description:
    "Where the agent runs: directory, shell, date, time zone, network and file-system permissions.",
  examples: [
    {
      environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
      currentDate: "2026-02-26",
      timezone: "America/Los_Angeles",
    },
  ],
  section: environmentsSection,
  build: (state, reference) =>
    state === undefined
      ? undefined
      : diffEnvironmentContext(
          reference.status === "known" ? reference.snapshot : undefined,
          state,
        ),
  body: (data, { untrusted }) => {
    const lines = [
      ...environmentLines(data),
      ...optionalLine("current_date", data.currentDate),
      ...optionalLine("timezone", data.timezone),
      ...(data.network === undefined ? [] : [`  ${renderNetwork(data.network, untrusted)}`]),
      ...(data.filesystem === undefined ? [] : [`  ${renderFilesystem(data.filesystem)}`]),
      ...(data.subagents === undefined
        ? []
        : [
            "  <subagents>",
            ...untrusted(data.subagents)
              .split("\n")
              .map((line) => `    ${line}`),
            "  </subagents>",
          ]),
    ];
    return `\n${lines.map((line) => `${line}\n`).join("")}`;
  },
});

function isSingle(environments: readonly EnvironmentEntry[]): boolean {
  return environments.length === 1 && (environments[0]?.status ?? "available") === "available";
}

function environmentLines(data: EnvironmentContextData): string[] {
  const { environments } = data;
  const [only] = environments;
  if (only !== undefined && data.layout !== "multiple" && isSingle(environments)) {
    return [`  <cwd>${escapeXml(only.cwd)}</cwd>`, ...optionalLine("shell", only.shell)];
  }
  if (environments.length === 0) return [];
  const sorted = [...environments].sort((first, second) => compareCodePoints(first.id, second.id));
  return [
    "  <environments>",
    ...sorted.flatMap((environment) => {
      const id = escapeXml(environment.id);
      if (environment.status === "unavailable") {
        return [`    <environment id="${id}" status="unavailable" />`];
      }
      return [
        `    <environment id="${id}">`,
        `      <cwd>${escapeXml(environment.cwd)}</cwd>`,
        ...(environment.status === "starting" ? ["      <status>starting</status>"] : []),
        ...(environment.shell === undefined
          ? []
          : [`      <shell>${escapeXml(environment.shell)}</shell>`]),
        "    </environment>",
      ];
    }),
    "  </environments>",
  ];
}

function optionalLine(tag: string, value: string | undefined): string[] {
  return value === undefined ? [] : [`  <${tag}>${escapeXml(value)}</${tag}>`];
}

/** The one-line `<network>` element; domains are sorted and, as in the reference, not escaped. */
export function renderNetwork(
  network: NonNullable<EnvironmentContextData["network"]>,
  untrusted: (text: string) => string = (text) => text,
): string {
  const list = (tag: string, domains: readonly string[]) =>
    domains.length === 0
      ? ""
      : `<${tag}>${untrusted([...domains].sort(compareCodePoints).join(","))}</${tag}>`;
  return `<network enabled="true">${list("allowed", network.allowedDomains)}${list("denied", network.deniedDomains)}</network>`;
}

/** The one-line `<filesystem>` element: workspace roots, then the permission profile. */
export function renderFilesystem(
  filesystem: NonNullable<EnvironmentContextData["filesystem"]>,
): string {
  const roots =
    filesystem.workspaceRoots.length === 0
      ? ""
      : `<workspace_roots>${filesystem.workspaceRoots.map((root) => `<root>${escapeXml(root)}</root>`).join("")}</workspace_roots>`;
  return `<filesystem>${roots}${renderPermissionProfile(filesystem.permissionProfile)}</filesystem>`;
}

function renderPermissionProfile(profile: PermissionProfile): string {
  if (profile.type === "disabled") {
    return '<permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile>';
  }
  if (profile.type === "external") {
    return '<permission_profile type="external"><file_system type="external" /></permission_profile>';
  }
  const { fileSystem } = profile;
  if (fileSystem.type === "unrestricted") {
    return '<permission_profile type="managed"><file_system type="unrestricted" /></permission_profile>';
  }
  const entries = uniqueEntries(fileSystem.entries).map(renderEntry);
  const depth =
    fileSystem.globScanMaxDepth === undefined
      ? ""
      : ` glob_scan_max_depth="${fileSystem.globScanMaxDepth}"`;
  const element =
    entries.length === 0 && depth === ""
      ? '<file_system type="restricted" />'
      : `<file_system type="restricted"${depth}>${entries.join("")}</file_system>`;
  return `<permission_profile type="managed">${element}</permission_profile>`;
}

function renderEntry(entry: FileSystemEntry): string {
  const escalatable =
    entry.access === "deny" && entry.escalatable === false ? ' escalatable="false"' : "";
  const { target } = entry;
  const inner =
    "path" in target
      ? `<path>${escapeXml(target.path)}</path>`
      : "glob" in target
        ? `<glob>${escapeXml(target.glob)}</glob>`
        : `<special>${escapeXml(target.special)}</special>`;
  return `<entry access="${entry.access}"${escalatable}>${inner}</entry>`;
}

/** Duplicate entries are dropped, the first one kept, as in the reference. */
function uniqueEntries(entries: readonly FileSystemEntry[]): FileSystemEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = renderEntry(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
