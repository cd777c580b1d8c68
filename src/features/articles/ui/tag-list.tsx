/** Tags as small hashtags; at most `max` (cards show 2). */
export function TagList({ tags, max = 2 }: { tags: string[]; max?: number }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" data-testid="card-tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag}>#{tag}</li>
      ))}
    </ul>
  );
}
