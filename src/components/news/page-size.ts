/**
 * Spec section 9: news page size. A module of its own: the 'load more' island's first bundle needs
 * only this number, not news-cards.ts (which brings the route table, French dates and image layout).
 */
export const NEWS_PAGE_SIZE = 12;
