import { formatLongDate } from "../../domain/format";
import { terms, termsUpdated } from "../content/terms";
import { catalogueCacheHeaders } from "../lib/cache";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms & Conditions of Sale | Printwise Trade Print" },
  { name: "description", content: "The terms on which Printwise Trade Print sells print to business customers in the UK." },
];

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function TermsPage() {
  const updated = formatLongDate(termsUpdated);
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Terms &amp; Conditions of Sale</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
      <nav aria-label="Sections" className="mt-6 rounded-lg bg-white p-5 ring-1 ring-slate-200">
        <ul className="space-y-1 text-sm">
          {terms.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">{section.heading}</a>
            </li>
          ))}
        </ul>
      </nav>
      {terms.map((section) => (
        <section key={section.id} id={section.id} className="prose-shop mt-8 scroll-mt-32">
          <h2 className="mb-2 text-xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-slate-700">{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
