import { Link } from "react-router";
import { faq, faqTopics } from "../content/faq";
import { catalogueCacheHeaders } from "../lib/cache";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => [
  { title: "FAQ | Printwise Trade Print" },
  { name: "description", content: "Answers on lead times, artwork, sizes, delivery, payment, trade and white-label orders, returns and your account." },
];

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function FaqPage() {
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Frequently Asked Questions</h1>
      <p className="mt-2 text-slate-600">
        {faq.length} answers on ordering, artwork and delivery. Can't find yours? <Link to="/contact-us" className="font-semibold text-brand-700 underline">Contact us</Link>.
      </p>
      <nav aria-label="FAQ topics" className="mt-6 flex flex-wrap gap-2">
        {faqTopics.map((topic) => (
          <a key={topic} href={`#${topicId(topic)}`} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100">
            {topic}
          </a>
        ))}
      </nav>
      {faqTopics.map((topic) => (
        <section key={topic} id={topicId(topic)} className="mt-8 scroll-mt-32" aria-labelledby={`${topicId(topic)}-heading`}>
          <h2 id={`${topicId(topic)}-heading`} className="mb-3 text-xl font-bold">{topic}</h2>
          <div className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="faq-list">
            {faq
              .filter((item) => item.topic === topic)
              .map((item) => (
                <details key={item.id} id={item.id} className="group px-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <span aria-hidden="true" className="text-xl text-brand-700 transition-transform group-open:rotate-45">+</span>
                  </summary>
                  <div className="prose-shop pb-4 text-slate-700">
                    {item.answer.split("\n\n").map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function topicId(topic: string): string {
  return `topic-${topic.toLowerCase().replace(/[^a-z]+/g, "-")}`;
}
