import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/** Text given to the model. Every rendered fragment travels as one of these. */
export interface InputTextContent {
  type: "input_text";
  text: string;
}

/** Text the model produced. */
export interface OutputTextContent {
  type: "output_text";
  text: string;
  annotations?: unknown[];
}

/** An image given to the model, by URL (often a `data:` URL) or by uploaded file id. */
export interface InputImageContent {
  type: "input_image";
  image_url?: string;
  file_id?: string;
  detail?: "auto" | "low" | "high" | "original";
}

/** One part of a message's content. */
export type ContentItem = InputTextContent | OutputTextContent | InputImageContent;

/** The schema of an {@link InputTextContent}. */
export const inputTextContentSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("input_text"),
    text: z.string(),
  }),
) satisfies z.ZodType<InputTextContent>;

/** The schema of an {@link OutputTextContent}. */
export const outputTextContentSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("output_text"),
    text: z.string(),
    annotations: z.array(z.unknown()).exactOptional(),
  }),
) satisfies z.ZodType<OutputTextContent>;

/** The schema of an {@link InputImageContent}; it needs an `image_url` or a `file_id`. */
export const inputImageContentSchema = lazySchema(() =>
  z
    .looseObject({
      type: z.literal("input_image"),
      image_url: z.string().exactOptional(),
      file_id: z.string().exactOptional(),
      detail: z.enum(["auto", "low", "high", "original"]).exactOptional(),
    })
    .refine((image) => image.image_url !== undefined || image.file_id !== undefined, {
      message: "an input_image needs an image_url or a file_id",
    }),
) satisfies z.ZodType<InputImageContent>;

/** The schema of a {@link ContentItem}. */
export const contentItemSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    inputTextContentSchema,
    outputTextContentSchema,
    inputImageContentSchema,
  ]),
) satisfies z.ZodType<ContentItem>;
