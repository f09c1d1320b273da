/** The button under a paged list that fetches its next page; shown only while there is one (`next`, its cursor). */
export function LoadMore({ next, onLoadMore }: { next: string | null; onLoadMore: () => Promise<void> }) {
  if (!next) return null;
  return (
    <div className="mt-4 text-center">
      <button type="button" className="btn-outline" onClick={() => void onLoadMore()}>
        Load More
      </button>
    </div>
  );
}
