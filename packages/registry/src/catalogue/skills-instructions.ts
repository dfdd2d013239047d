import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { fitSkillsInstructions } from "./fit-skills-instructions.js";
import { guardedMarkers, standardMarkers } from "./markers.js";
import { sameSkillsCatalogue } from "./same-skills-catalogue.js";
import {
  maxSkillDescriptionLength,
  type SkillsInstructionsData,
  skillsInstructionsSchema,
} from "./skills-instructions-schema.js";

const introWithPaths =
  "Skills are sets of instructions kept in `SKILL.md` files. The skills listed below are available; each entry gives its name, what it is for, and the path of its file.";
const introWithRoots =
  "Skills are sets of instructions kept in `SKILL.md` files. The skills listed below are available; each entry gives its name, what it is for, and a path that starts with a root alias from the table of skill roots.";
const withdrawn =
  "No skills are available any more: do not use or offer the skills listed earlier in this conversation.";
const usage = [
  "### How to use skills",
  "- Use a skill when the user names it or when the task clearly matches its description; otherwise leave it alone.",
  "- Before you act on a skill, open its `SKILL.md` and read it in full: the entry above is only a summary.",
  "- Resolve paths inside a skill relative to the folder that holds its `SKILL.md`.",
  "- Load only what the task needs: open extra files a skill points to when you reach the step that uses them.",
  "- When several skills apply, use the smallest set that covers the task and say which ones you are using.",
  "- If a skill cannot be read or does not fit the situation, say so briefly and continue with your best judgement.",
];

/** What the model was shown of a catalogue: its skills, roots and usage choice, as given. */
const skillsSnapshotSchema = lazySchema(() =>
  z.object({
    skills: z.array(
      z.object({
        name: z.string(),
        description: z.string().exactOptional(),
        path: z.string(),
      }),
    ),
    roots: z.array(z.object({ alias: z.string(), path: z.string() })).exactOptional(),
    usage: z.boolean().exactOptional(),
  }),
);

/** The snapshot of `catalogue`: the same fields, with none left `undefined`. */
function skillsSnapshotOf({
  skills,
  roots,
  usage,
}: SkillsInstructionsData): z.infer<typeof skillsSnapshotSchema> {
  return {
    skills: skills.map(({ name, description, path }) =>
      description === undefined ? { name, path } : { name, description, path },
    ),
    ...(roots === undefined ? {} : { roots }),
    ...(usage === undefined ? {} : { usage }),
  };
}

/**
 * The skills catalogue of this turn and the model's context window (its budget is 2% of it);
 * `undefined` state, or no skills, sends nothing. Diffed every turn, as Codex 0.171 does: the
 * whole catalogue is sent again when the skills listed change (one added, removed, moved or
 * described anew), and when its fragment left the history. Its snapshot is the catalogue as
 * given, before it is fitted to the budget, so a model switch alone sends nothing.
 */
export const skillsSection = defineSection({
  id: "skills",
  scope: "world",
  state: lazySchema(() =>
    z.union([
      z.object({
        catalogue: skillsInstructionsSchema,
        contextWindow: z.number().int().positive().exactOptional(),
      }),
      z.undefined(),
    ]),
  ),
  snapshot: skillsSnapshotSchema,
  snapshotOf: (state) => (state === undefined ? undefined : skillsSnapshotOf(state.catalogue)),
  legacy: true,
  retained: true,
});

/**
 * The catalogue of available skills (developer role): `## Skills`, an introduction, the optional
 * table of skill roots, one line per skill, and optionally how to use them; with no skills, a
 * notice that none are available any more. Descriptions longer
 * than 1,024 characters are cut; names, descriptions, paths and root aliases are untrusted.
 */
export const skillsInstructions = defineFragment({
  type: "skills_instructions",
  role: "developer",
  markers: standardMarkers.skillsInstructions,
  guards: guardedMarkers,
  schema: skillsInstructionsSchema,
  description: "The skills the model may use, with where their instructions live.",
  examples: [
    {
      skills: [
        { name: "release", description: "Cut a release.", path: "/skills/release/SKILL.md" },
      ],
    },
  ],
  section: skillsSection,
  build: (state, reference, { warn }) => {
    if (state === undefined) return undefined;
    if (state.catalogue.skills.length === 0) {
      // Every skill the model was shown is gone: say so, as Codex 0.171 does.
      return reference.status === "known" && reference.snapshot.skills.length > 0
        ? { skills: [] }
        : undefined;
    }
    // Unknown: an old history shows a catalogue, and which one cannot be told.
    if (reference.status === "unknown") return undefined;
    if (reference.status === "known" && sameSkillsCatalogue(reference.snapshot, state.catalogue))
      return undefined;
    const fitted = fitSkillsInstructions(
      state.catalogue,
      state.contextWindow === undefined ? {} : { contextWindow: state.contextWindow },
    );
    for (const warning of fitted.warnings) warn(warning);
    // None fits the budget (the warnings say so): an empty list would read as a withdrawal.
    return fitted.data.skills.length === 0 ? undefined : fitted.data;
  },
  body: ({ skills, roots, usage: withUsage }, { untrusted }) => {
    if (skills.length === 0) return `\n## Skills\n${withdrawn}\n`;
    const hasRoots = roots !== undefined && roots.length > 0;
    const lines = [
      "## Skills",
      hasRoots ? introWithRoots : introWithPaths,
      ...(hasRoots
        ? [
            "### Skill roots",
            ...roots.map((root) => `- \`${untrusted(root.alias)}\` = \`${untrusted(root.path)}\``),
          ]
        : []),
      "### Available skills",
      ...skills.map(({ name, description, path }) => {
        const summary =
          description === undefined || description === ""
            ? ""
            : ` ${untrusted(description.slice(0, maxSkillDescriptionLength))}`;
        return `- ${untrusted(name)}:${summary} (file: ${untrusted(path)})`;
      }),
      ...(withUsage ? usage : []),
    ];
    return `\n${lines.join("\n")}\n`;
  },
});
