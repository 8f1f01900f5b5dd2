/**
 * How much the home page shows: a taste of every category, one row of four products each (a row on a wide
 * screen), fewer each as categories are added so that the page holds at most HOME_PAGE_CARDS cards, and never
 * fewer than one a category ("View all" leads to the rest). The page then costs about the same to render and
 * to send with 10 categories or 50: see docs/decisions/0037-home-page-rows.md.
 */
export const HOME_PAGE_CARDS = 40;
const MOST_PER_SECTION = 4;
const FEWEST_PER_SECTION = 1;

/**
 * Sections a home page shows; a shop with more categories pages them ("?page=2", plain links), so the page costs
 * the same to render and to send with 12 categories or 100 (docs/decisions/0090-home-page-sections-paged.md).
 */
export const HOME_SECTIONS_PER_PAGE = 12;

export function productsPerHomeSection(categoryCount: number): number {
  if (categoryCount <= 0) return MOST_PER_SECTION;
  return Math.min(MOST_PER_SECTION, Math.max(FEWEST_PER_SECTION, Math.floor(HOME_PAGE_CARDS / categoryCount)));
}
