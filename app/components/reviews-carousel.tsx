import { useState } from "react";
import { formatLongDate } from "../../domain/format";
import type { Review } from "../content/reviews";
import { StarRowIcon } from "./icons";

export const CARD_STEP_PX = 336;
export const VISIBLE_CARDS = 3;

/** Carousel index after a step, clamped between 0 and count − 3 (spec section 4). */
export function clampReviewIndex(index: number, count: number): number {
  return Math.min(Math.max(index, 0), Math.max(count - VISIBLE_CARDS, 0));
}

function Stars({ count, label }: { count: number; label?: string }) {
  return (
    <span className="flex text-accent" role="img" aria-label={label ?? `${count} out of 5 stars`}>
      <StarRowIcon count={count} />
    </span>
  );
}

/**
 * Three reviews at a time, one 336 px card per step; on screens 500 px wide or less the strip is
 * scrolled by touch or by dragging with a mouse instead (the drag is the head script's, from the first
 * paint: app/lib/early-input.ts). The cards are drawn with the page (not
 * `drawn-near-screen`): their height follows their text, so no stand-in height could be exact.
 */
export function ReviewsCarousel({
  reviews,
  summary,
}: {
  reviews: Review[];
  summary: { label: string; stars: number; count: number };
}) {
  const [index, setIndex] = useState(0);
  const maxIndex = clampReviewIndex(Number.MAX_SAFE_INTEGER, reviews.length);
  const step = (delta: number) => setIndex((i) => clampReviewIndex(i + delta, reviews.length));

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-2xl font-bold">{summary.label}</p>
        <Stars count={summary.stars} label={`${summary.stars} out of 5 stars`} />
        <p className="text-slate-600">Based on {summary.count} reviews</p>
        <div className="ml-auto hidden gap-2 min-[501px]:flex">
          <button type="button" className="btn-outline px-3" onClick={() => step(-1)} disabled={index === 0} aria-label="Previous review">
            ‹
          </button>
          <button type="button" className="btn-outline px-3" onClick={() => step(1)} disabled={index >= maxIndex} aria-label="Next review">
            ›
          </button>
        </div>
      </div>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Customer reviews"
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            step(1);
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            step(-1);
          }
        }}
        data-drag-scroll=""
        className="overflow-hidden max-[500px]:cursor-grab max-[500px]:snap-x max-[500px]:snap-mandatory max-[500px]:overflow-x-auto"
        style={{ maxWidth: `${VISIBLE_CARDS * CARD_STEP_PX - 16}px` }}
      >
        <ul
          data-testid="reviews-track"
          data-index={index}
          className="flex gap-4 transition-transform duration-300 max-[500px]:transform-none!"
          style={{ transform: `translateX(-${index * CARD_STEP_PX}px)` }}
        >
          {reviews.map((review) => (
            <li
              key={review.id}
              className="w-[320px] shrink-0 snap-start rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 max-[500px]:w-[85vw]"
            >
              <Stars count={review.rating} />
              <p className="mt-3 text-sm leading-relaxed text-slate-700">{review.text}</p>
              <div className="mt-4 flex items-center gap-3">
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                  {review.name
                    .split(/\s+/)
                    .map((part) => part[0])
                    .join("")
                    .slice(0, 2)}
                </span>
                <div className="text-sm">
                  <p className="font-semibold">{review.name}</p>
                  <p className="text-slate-500">
                    {review.company ? `${review.company} · ` : ""}
                    {formatLongDate(review.date)}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
