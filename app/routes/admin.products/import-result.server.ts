/**
 * The last import's result, kept in the session. After an import the page redirects (Post/Redirect/Get) to
 * ?importResult={id}; the rows that could not be imported are kept in the server-side session under that id,
 * so the page lists them with or without JavaScript for as long as that URL is open. The next import
 * replaces them.
 */
import type { Session } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import type { ImportResultView } from "~/components/admin/products/import-result";
import { getSession, type AppSession, type SessionData, type SessionFlashData } from "~/utils/session.server";

const IMPORT_RESULT_KEY = "adminProductImport";
const IMPORT_ERRORS_SHOWN = 100;

const storedImportSchema = z.object({
  id: z.string(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  more: z.number().int().nonnegative(),
});
type StoredImport = z.infer<typeof storedImportSchema>;
type ImportSession = Session<SessionData & { [IMPORT_RESULT_KEY]?: StoredImport }, SessionFlashData>;
const importStore = (session: AppSession) => session as unknown as ImportSession;

/** The result kept under `id`, or null when the session holds another one (or none). */
export async function readImportResult(request: Request, id: string | null): Promise<ImportResultView | null> {
  if (!id) return null;
  const parsed = storedImportSchema.safeParse(importStore(await getSession(request)).get(IMPORT_RESULT_KEY));
  if (!parsed.success || parsed.data.id !== id) return null;
  const { created, updated, errors, more } = parsed.data;
  return { created, updated, errors, more };
}

/**
 * Keeps an import's result in the request's session (committed with the redirect's notice, which uses the
 * same session) and answers the id the page's address carries.
 */
export async function keepImportResult(
  request: Request,
  result: { created: number; updated: number; errors: { row: number; message: string }[] },
): Promise<string> {
  const id = crypto.randomBytes(6).toString("base64url");
  importStore(await getSession(request)).set(IMPORT_RESULT_KEY, {
    id,
    created: result.created,
    updated: result.updated,
    errors: result.errors.slice(0, IMPORT_ERRORS_SHOWN),
    more: Math.max(0, result.errors.length - IMPORT_ERRORS_SHOWN),
  });
  return id;
}
