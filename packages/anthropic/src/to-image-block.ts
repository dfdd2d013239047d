import type { ImageBlockParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type InputImageContent } from "@ctx/protocol";
import { provider } from "./provider.js";

const imageMediaTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageMediaType = (typeof imageMediaTypes)[number];

/**
 * Turns an image of the input into a Claude image block: a data URL becomes a base64 source, any
 * other URL a URL source.
 *
 * @throws {AdapterError} when the image is given by an OpenAI file id, or its data URL is of a
 * type Claude does not read.
 */
export function toImageBlock(image: InputImageContent, index: number): ImageBlockParam {
  const url = image.image_url;
  if (url === undefined) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] has an image given by an OpenAI file id, which Claude cannot resolve`,
      { provider, index },
    );
  }
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data === null) return { type: "image", source: { type: "url", url } };
  const mediaType = data[1];
  if (!isImageMediaType(mediaType)) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] has an image of type ${mediaType}; Claude reads ${imageMediaTypes.join(", ")}`,
      { provider, index },
    );
  }
  return { type: "image", source: { type: "base64", media_type: mediaType, data: data[2] ?? "" } };
}

function isImageMediaType(value: string | undefined): value is ImageMediaType {
  return imageMediaTypes.some((type) => type === value);
}
