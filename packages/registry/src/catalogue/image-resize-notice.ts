import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const sizeSchema = lazySchema(() =>
  z.object({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
);

const imageResizeNoticeSchema = lazySchema(() =>
  z.object({
    images: z
      .array(
        z.object({
          /** The image's position, from 1, among `total` images. */
          index: z.number().int().positive(),
          total: z.number().int().positive(),
          /** Where the image came from: the preceding user message or tool output. */
          source: z.enum(["user message", "tool output"]),
          original: sizeSchema,
          resized: sizeSchema,
        }),
      )
      .min(1),
  }),
);

/** The data of an {@link imageResizeNotice} fragment. */
export type ImageResizeNoticeData = z.infer<typeof imageResizeNoticeSchema>;

/**
 * Which images were scaled down before the model saw them (developer role), one line per image,
 * in a message of its own.
 */
export const imageResizeNotice = defineFragment({
  type: "image_resize_notice",
  role: "developer",
  markers: standardMarkers.imageResizeNotice,
  separate: true,
  schema: imageResizeNoticeSchema,
  description: "Images that were scaled down before the model saw them.",
  examples: [
    {
      images: [
        {
          index: 1,
          total: 1,
          source: "user message",
          original: { width: 4032, height: 3024 },
          resized: { width: 2048, height: 1536 },
        },
      ],
    },
  ],
  body: ({ images }) => {
    const lines = images.map(
      ({ index, total, source, original, resized }) =>
        `Image ${index} of ${total} in the preceding ${source} was scaled from ${original.width}x${original.height} to ${resized.width}x${resized.height} pixels.`,
    );
    return `\n${lines.join("\n")}\n`;
  },
});
