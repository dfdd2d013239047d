import { compareCodePoints, escapeXml } from "@ctx/text";
import type {
  EnvironmentContextData,
  FileSystemEntry,
  PermissionProfile,
} from "./environment-context-schema.js";

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
