import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const skillSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1),
    path: z.string().min(1),
    /** The skill file's contents; untrusted. */
    contents: z.string(),
  }),
);

/** The data of a {@link skill} fragment. */
export type SkillData = z.infer<typeof skillSchema>;

const pattern = /^\n<name>([\s\S]*?)<\/name>\n<path>([\s\S]*?)<\/path>\n([\s\S]*)\n$/;

/**
 * The full instructions of a skill the user mentioned (user role), recorded after the user's
 * message: its name, its path, then its contents. Name, path and contents are untrusted. A skill
 * invoked once stays in force, so a recorded body survives compaction.
 */
export const skill = defineFragment({
  type: "skill",
  role: "user",
  markers: standardMarkers.skill,
  guards: [...guardedMarkers, "</name>", "</path>"],
  schema: skillSchema,
  description: "The instructions of a skill the user asked for.",
  survivesCompaction: true,
  examples: [{ name: "release", path: "/skills/release/SKILL.md", contents: "Tag, then publish." }],
  body: ({ name, path, contents }, { untrusted }) =>
    `\n<name>${untrusted(name)}</name>\n<path>${untrusted(path)}</path>\n${untrusted(contents)}\n`,
  parse: (body, { restore }) => {
    const match = pattern.exec(body);
    if (match === null) return undefined;
    const [, name = "", path = "", contents = ""] = match;
    return { name: restore(name), path: restore(path), contents: restore(contents) };
  },
});
