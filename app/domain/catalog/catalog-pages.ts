/**
 * How much the home page shows: a taste of every category, eight products each, fewer each as categories
 * are added so that the page holds at most HOME_PAGE_CARDS cards (each card is about a quarter of a KB of
 * compressed HTML; the page's budget is 30 KB). Never fewer than two a category: a shop with more than 40
 * categories has a longer home page.
 */
export const HOME_PAGE_CARDS = 80;
const MOST_PER_SECTION = 8;
const FEWEST_PER_SECTION = 2;

export function productsPerHomeSection(categoryCount: number): number {
  if (categoryCount <= 0) return MOST_PER_SECTION;
  return Math.min(MOST_PER_SECTION, Math.max(FEWEST_PER_SECTION, Math.floor(HOME_PAGE_CARDS / categoryCount)));
}
