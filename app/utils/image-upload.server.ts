/**
 * One picture posted as multipart (the `image` field, beside any other fields), read within the image limits:
 * the file's 5 MB and the upload paths' body limit. Both doors of an image upload read it the same way.
 */
import { imageUploadFrom, type ImageUpload } from "~/domain/catalog/product-images.server";
import { IMAGE_FIELD, IMAGE_TOO_LARGE, PRODUCT_IMAGE_MAX_BYTES } from "~/domain/catalog/product-images";
import { readMultipartWithin } from "./http.server";
import { UPLOAD_BODY_LIMIT } from "./request-guard";
import { fail, ok, type Result } from "./result";

export const UPLOAD_UNREADABLE = "The upload could not be read: choose the file again and send it as multipart/form-data.";

export async function readImageUpload(request: Request): Promise<Result<{ upload: ImageUpload; formData: FormData }>> {
  const body = await readMultipartWithin(request, { maxPartBytes: PRODUCT_IMAGE_MAX_BYTES, maxTotalBytes: UPLOAD_BODY_LIMIT });
  if (!body.ok) return body.status === 413 ? fail(413, IMAGE_TOO_LARGE, IMAGE_FIELD) : fail(400, UPLOAD_UNREADABLE, IMAGE_FIELD);
  try {
    return ok({ upload: await imageUploadFrom(body.formData, body.oversized), formData: body.formData });
  } finally {
    await body.discard();
  }
}

export function isMultipartRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}
