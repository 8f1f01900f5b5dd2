/**
 * The libraries few requests use, loaded at their first use rather than when the server starts: sharp for
 * pictures, pdfkit for documents, bwip-js for barcodes, nodemailer and mailparser for mail. Loaded at start
 * they were some 60 MB resident in every server process, whether or not it ever drew a picture or sent a
 * mail (docs/decisions/0083). Each loads once; every caller shares its promise.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

// One libvips thread per picture and no cache of decoded images: with one picture at a time (imageQueue)
// an upload takes at most one core of the box and no memory once it is done (docs/decisions/0046).
export const loadSharp = onFirstUse(async () => {
  const { default: sharp } = await import("sharp");
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
});

export const loadPdfKit = onFirstUse(async () => (await import("pdfkit")).default);

export const loadBwipJs = onFirstUse(async () => (await import("bwip-js/node")).default);

export const loadNodemailer = onFirstUse(async () => (await import("nodemailer")).default);

export const loadMailparser = onFirstUse(() => import("mailparser"));
