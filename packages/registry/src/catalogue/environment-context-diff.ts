import { check } from "../check-argument.js";
import type { EnvironmentContextData, EnvironmentEntry } from "./environment-context-schema.js";
import { renderFilesystem, renderNetwork } from "./environment-elements.js";
import type { EnvironmentSnapshot } from "./environment-snapshot.js";

/**
 * The snapshot of `data`, for persisting and for {@link diffEnvironmentContext}. `data` is the
 * section's state, which the section's schema has checked before this runs.
 * @throws {RegistryError} when `data` is not an object.
 */
export function snapshotEnvironmentContext(data: EnvironmentContextData): EnvironmentSnapshot {
  check.object("data", data as unknown);
  const environments: Record<
    string,
    { cwd: string; status: "available" | "starting"; shell?: string }
  > = {};
  for (const environment of data.environments) {
    if (environment.status === "unavailable") continue;
    environments[environment.id] = {
      cwd: environment.cwd,
      status: environment.status ?? "available",
      ...(environment.shell === undefined ? {} : { shell: environment.shell }),
    };
  }
  return {
    environments,
    ...(data.currentDate === undefined ? {} : { currentDate: data.currentDate }),
    ...(data.timezone === undefined ? {} : { timezone: data.timezone }),
    ...(data.network === undefined ? {} : { network: renderNetwork(data.network) }),
    ...(data.filesystem === undefined ? {} : { filesystem: renderFilesystem(data.filesystem) }),
    ...(data.subagents === undefined ? {} : { subagents: data.subagents }),
  };
}

/**
 * The environment context to send after `previous`, or `undefined` when the model needs no
 * update — the reference's rule:
 * - without a previous snapshot, everything;
 * - otherwise only environments that are new, whose cwd or status changed, or whose shell changed
 *   (an unknown shell becoming known is no change), plus every one that vanished, shown as
 *   unavailable;
 * - an update is sent when such an environment exists or the date, time zone, network or
 *   file-system text changed (the subagent roster alone never triggers one), and it always
 *   repeats the current date, time zone, network, file system and roster;
 * - the single layout is kept only when the current state is one available environment and the
 *   update shows just that one.
 * `current` is the section's state, which the section's schema has checked before this runs.
 * @throws {RegistryError} when `previous` is neither a snapshot nor `undefined`, or `current` is
 * not an object.
 */
export function diffEnvironmentContext(
  previous: EnvironmentSnapshot | undefined,
  current: EnvironmentContextData,
): EnvironmentContextData | undefined {
  if (previous !== undefined) {
    check.object("previous", previous as unknown);
    check.object("previous.environments", previous.environments as unknown);
  }
  check.object("current", current as unknown);
  if (previous === undefined) return current;
  const now = snapshotEnvironmentContext(current);
  const changed: EnvironmentEntry[] = current.environments.filter((environment) => {
    if (environment.status === "unavailable") return false;
    const before = previous.environments[environment.id];
    if (before === undefined) return true;
    if (before.cwd !== environment.cwd || before.status !== (environment.status ?? "available"))
      return true;
    return (
      before.shell !== undefined &&
      environment.shell !== undefined &&
      before.shell !== environment.shell
    );
  });
  const vanished: EnvironmentEntry[] = Object.entries(previous.environments)
    .filter(([id]) => now.environments[id] === undefined)
    .map(([id, before]) => ({ id, cwd: before.cwd, status: "unavailable" }));
  const turnValuesChanged =
    previous.currentDate !== now.currentDate ||
    previous.timezone !== now.timezone ||
    previous.network !== now.network ||
    previous.filesystem !== now.filesystem;
  const updates = [...changed, ...vanished];
  if (updates.length === 0 && !turnValuesChanged) return undefined;
  const single =
    vanished.length === 0 &&
    changed.length === 1 &&
    current.environments.length === 1 &&
    (current.environments[0]?.status ?? "available") === "available";
  return { ...current, environments: updates, layout: single ? "single" : "multiple" };
}
