/** Catalogue reads shared by the storefront screens and the JSON API. */
import { asc } from "drizzle-orm";
import { categories } from "~db/schema";
import type { DB } from "~/utils/db.server";

export type CategorySummary = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
};

export function listCategories(db: DB): CategorySummary[] {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
}
