import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/** The longest description a skill keeps; longer ones are cut, as in the reference. */
export const maxSkillDescriptionLength = 1024;

/** The schema of {@link SkillsInstructionsData}. */
export const skillsInstructionsSchema = lazySchema(() =>
  z.object({
    skills: z.array(
      z.object({
        name: z.string().min(1),
        description: z.string().optional(),
        /** The file's path: absolute, or starting with a root alias when `roots` is given. */
        path: z.string().min(1),
      }),
    ),
    /** Aliases that shorten skill paths (`r0` = `/home/me/.skills`). */
    roots: z.array(z.object({ alias: z.string().min(1), path: z.string().min(1) })).optional(),
    /** Whether to add our guidance on how to use skills. */
    usage: z.boolean().optional(),
  }),
);

/** The data of a {@link skillsInstructions} fragment. */
export type SkillsInstructionsData = z.infer<typeof skillsInstructionsSchema>;
