import { aboutUs, team } from "../content/about";
import { catalogueCacheHeaders } from "../lib/cache";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = () => [
  { title: "About Us | Printwise Trade Print" },
  { name: "description", content: "Who we are: a UK trade printer of banners, posters, boards, flags and stickers, printing in-house for businesses and resellers." },
];

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function AboutPage() {
  return (
    <div className="container-page max-w-4xl py-10">
      <section aria-labelledby="about-heading" className="prose-shop rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="about-heading" className="mb-4 text-3xl font-bold">{aboutUs.heading}</h1>
        {aboutUs.paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-slate-700">{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="team-heading" className="mt-8">
        <h2 id="team-heading" className="text-2xl font-bold">{team.heading}</h2>
        <p className="mt-2 text-slate-700">{team.intro}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {team.members.map((member) => (
            <li key={member.name} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800">
                {member.name.split(" ").map((part) => part[0]).join("")}
              </span>
              <h3 className="mt-3 font-bold">{member.name}</h3>
              <p className="text-sm font-medium text-brand-700">{member.role}</p>
              <p className="mt-2 text-sm text-slate-600">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
