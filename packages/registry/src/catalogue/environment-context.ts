import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { compareCodePoints, escapeXml } from "@ctx/text";
import { z } from "zod";
import { diffEnvironmentContext, snapshotEnvironmentContext } from "./environment-context-diff.js";
import {
  type EnvironmentContextData,
  environmentContextSchema,
  isSingle,
} from "./environment-context-schema.js";
import { renderFilesystem, renderNetwork } from "./environment-elements.js";
import { environmentSnapshotSchema } from "./environment-snapshot.js";
import { guardedMarkers, standardMarkers } from "./markers.js";

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
