import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol";
import { CtxError } from "@ctx/text";
import { z } from "zod";
import { bundledFiles } from "./data/bundled-files.js";
import { getModelInstructions } from "./get-model-instructions.js";

// In `models.json` every text is a reference to a Markdown file beside it, `{ "file": … }`,
// and an entry with a template may leave out `baseInstructions`: it is then the template filled
// with the `default` personality message. Everything else is a model entry as the public schema
// describes it, and is checked again by that schema when the catalog is created.
const fileReference = z.strictObject({ file: z.string() });

const personalityMessageReferences = z.strictObject({
  default: fileReference.exactOptional(),
  friendly: fileReference.exactOptional(),
  pragmatic: fileReference.exactOptional(),
});

const referencingEntry = z.looseObject({
  baseInstructions: fileReference.exactOptional(),
  instructionsTemplate: fileReference.exactOptional(),
  personalityMessages: personalityMessageReferences.exactOptional(),
});

const bundledCatalogSchema = z.strictObject({
  fallback: referencingEntry,
  models: z.array(referencingEntry),
});

type ReferencingEntry = z.output<typeof referencingEntry>;

/** The entries of `models.json` with their file references replaced by the files' texts. */
export interface BundledCatalog {
  readonly fallback: Record<string, unknown>;
  readonly models: readonly Record<string, unknown>[];
}

/**
 * Reads the catalog file among `files` and replaces its file references by the files' texts
 * (trailing white space removed). The entries are not checked here beyond their references:
 * `createModelCatalog` checks them.
 *
 * @throws {CtxError} when `models.json` is not valid JSON, does not have the expected shape,
 * or refers to a file that does not exist.
 */
export function loadBundledCatalog(files: Readonly<Record<string, string>>): BundledCatalog {
  const result = bundledCatalogSchema.safeParse(parseJson(files["models.json"] ?? "null"));
  if (!result.success) {
    throw new CtxError(
      `@ctx/prompts models.json: ${describeSchemaIssues(toSchemaIssues(result.error))}`,
    );
  }
  const read = (reference: { file: string }): string => {
    const text = files[reference.file];
    if (text === undefined) {
      throw new CtxError(`@ctx/prompts models.json refers to a missing file: ${reference.file}`);
    }
    return text.trimEnd();
  };
  const resolve = (entry: ReferencingEntry): Record<string, unknown> => {
    const { baseInstructions, instructionsTemplate, personalityMessages, ...rest } = entry;
    const messages =
      personalityMessages === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(personalityMessages).map(([name, reference]) => [name, read(reference)]),
          );
    const template = instructionsTemplate === undefined ? undefined : read(instructionsTemplate);
    const base =
      baseInstructions !== undefined
        ? read(baseInstructions)
        : template === undefined
          ? undefined
          : getModelInstructions({
              baseInstructions: "",
              instructionsTemplate: template,
              ...(messages === undefined ? {} : { personalityMessages: messages }),
            });
    return {
      ...rest,
      ...(base === undefined ? {} : { baseInstructions: base }),
      ...(template === undefined ? {} : { instructionsTemplate: template }),
      ...(messages === undefined ? {} : { personalityMessages: messages }),
    };
  };
  return { fallback: resolve(result.data.fallback), models: result.data.models.map(resolve) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CtxError("@ctx/prompts models.json is not valid JSON", { cause: error });
  }
}

/** The package's own catalog file, resolved. */
export const bundledCatalog: BundledCatalog = loadBundledCatalog(bundledFiles);
