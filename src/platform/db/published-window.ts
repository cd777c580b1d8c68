/** A date window of published content, newest first, leaving out some slugs (weekly selections). */
export interface PublishedWindow {
  date: { gte?: Date; lt?: Date; lte?: Date };
  skip: string[];
  take?: number;
}

/** The query arguments of a window, shared by every content table with `status`, `date` and `slug`. */
export const publishedWindowQuery = ({ date, skip, take }: PublishedWindow) => ({
  where: { status: "published" as const, date, slug: { notIn: skip } },
  orderBy: { date: "desc" as const },
  take,
});
