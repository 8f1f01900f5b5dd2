/**
 * The business's logo, uploaded in the back office (Company settings). The upload goes through the same
 * guards as a product image (type by its bytes, 5 MB, side and pixel limits from the header, one picture at
 * a time, a time limit: docs/decisions/0046) and is kept as one small PNG rendition in the images folder,
 * named by the hash of the upload: PNG because pdfkit draws PNG and JPEG (not WebP) and a logo's clear
 * background must stay clear. install_settings names the file; the headers and PDFs read it from there.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { installSettings } from "~db/schema";
import { imagesDir, processUploadedImage, writeOnce, type ImageUpload } from "~/domain/catalog/product-images.server";
import { IMAGE_FIELD, IMAGE_TOO_LARGE } from "~/domain/catalog/product-images";
import { recordAudit } from "~/domain/shared/audit.server";
import { writeJsonSetting } from "~/domain/shared/install-settings.server";
import { COMPANY_LOGO_KEY, companyLogoPath, readCompanyLogo, type CompanyLogo } from "~/utils/company.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";

/** The rendition fits this box, never enlarged: three times the 40 px a header shows it at, for sharp screens. */
export const LOGO_MAX_WIDTH = 600;
export const LOGO_MAX_HEIGHT = 200;

export const NO_LOGO_CHOSEN = "Choose a logo file: a PNG, JPEG or WebP picture";
export const NO_LOGO_TO_REMOVE = "There is no logo to remove.";

type Actor = { id: string };

/** Makes the rendition of an upload, stores it and makes it the logo; a refusal changes nothing. */
export async function uploadCompanyLogo(db: DB, admin: Actor, upload: ImageUpload): Promise<Result<CompanyLogo>> {
  if (!upload) return fail(400, NO_LOGO_CHOSEN, IMAGE_FIELD);
  if ("tooLarge" in upload) return fail(413, IMAGE_TOO_LARGE, IMAGE_FIELD);
  const made = await processUploadedImage(upload.bytes, (pipeline) =>
    pipeline
      .rotate()
      .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true }),
  );
  if (!made.ok) return made;
  const { data, info } = made.value.value;
  const file = `${made.value.upload.hash}-logo.png`;
  fs.mkdirSync(imagesDir(), { recursive: true });
  writeOnce(path.join(imagesDir(), file), data);

  const logo: CompanyLogo = { url: `/images/${file}`, file, width: info.width, height: info.height };
  const previous = writeTransaction(db, (tx) => {
    const before = readCompanyLogo(tx);
    writeJsonSetting(tx, COMPANY_LOGO_KEY, { file, width: info.width, height: info.height });
    recordAudit(tx, {
      actorId: admin.id,
      action: "company.logo_uploaded",
      entityType: "company",
      entityId: null,
      details: { file, width: info.width, height: info.height },
    });
    return before;
  });
  if (previous && previous.file !== file) removeLogoFile(previous);
  return ok(logo);
}

/** Takes the logo away: the headers show the name alone again and PDFs print no picture. */
export function removeCompanyLogo(db: DB, admin: Actor): Result<{ removed: CompanyLogo }> {
  const removed = writeTransaction(db, (tx) => {
    const logo = readCompanyLogo(tx);
    tx.delete(installSettings).where(eq(installSettings.key, COMPANY_LOGO_KEY)).run();
    if (logo) {
      recordAudit(tx, { actorId: admin.id, action: "company.logo_removed", entityType: "company", entityId: null, details: { file: logo.file } });
    }
    return logo;
  });
  if (!removed) return fail(404, NO_LOGO_TO_REMOVE);
  removeLogoFile(removed);
  return ok({ removed });
}

/** A replaced or removed logo's file goes too (a logo is not shared the way a product picture may be). */
function removeLogoFile(logo: CompanyLogo) {
  try {
    fs.rmSync(companyLogoPath(logo), { force: true });
  } catch {
    // already gone; nothing refers to it any more
  }
}
