import { useId, useState } from "react";
import { contactFormSchema, CONTACT_MESSAGES } from "../../domain/contact";
import { api, ApiResponseError } from "../lib/api-client";
import { telHref } from "../components/site-header";
import { MailIcon, PhoneIcon } from "../components/icons";
import { useRootData } from "../root";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Printwise Trade Print" },
  { name: "description", content: "Call, email or message Printwise Trade Print about an order, artwork, a quote or a free sample pack." },
];

const SUBJECT_PRESETS: Record<string, string> = {
  freesamplepack: "Sample Pack",
  quote: "Quick Quote",
};

export function loader({ request }: Route.LoaderArgs) {
  const subject = new URL(request.url).searchParams.get("subject") ?? "";
  return { subject: SUBJECT_PRESETS[subject.toLowerCase()] ?? "" };
}

type Fields = { name: string; email: string; subject: string; message: string; website: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 text-slate-600">Questions about an order, artwork or a quote? Send us a message and we will reply within one working day.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <ContactForm key={loaderData.subject} initialSubject={loaderData.subject} />
        <aside className="space-y-5">
          {shop ? (
            <section aria-labelledby="details-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="details-heading" className="text-lg font-bold">{shop.name}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                <li>
                  <a href={`mailto:${shop.email}`} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                    <MailIcon /> {shop.email}
                  </a>
                </li>
                <li>
                  <a href={telHref(shop.phone)} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                    <PhoneIcon /> {shop.phone}
                  </a>
                </li>
                <li>
                  <address className="not-italic">{shop.address}</address>
                </li>
              </ul>
              <h3 className="mt-4 font-semibold">Opening hours</h3>
              <p className="text-sm text-slate-700">{shop.hours}</p>
            </section>
          ) : null}
          <figure className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            <img src="/images/map.svg" alt={`Map showing ${shop?.address ?? "our address"}`} width={600} height={360} className="h-auto w-full" />
            <figcaption className="px-4 py-2 text-xs text-slate-500">Free customer parking at the trade park. Collection by appointment.</figcaption>
          </figure>
        </aside>
      </div>
    </div>
  );
}

function ContactForm({ initialSubject }: { initialSubject: string }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>({ name: "", email: "", subject: initialSubject, message: "", website: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const validate = (values: Fields): FieldErrors => {
    const parsed = contactFormSchema.safeParse(values);
    if (parsed.success) return {};
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Fields;
      found[key] ??= issue.message;
    }
    return found;
  };

  const update = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...fields, [key]: event.target.value };
    setFields(next);
    if (errors[key]) setErrors((current) => ({ ...current, [key]: validate(next)[key] }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await api("POST /api/email/contact", { body: fields });
      setStatus({ ok: true, text: CONTACT_MESSAGES.sent });
      setFields({ name: "", email: "", subject: "", message: "", website: "" });
    } catch (error) {
      if (error instanceof ApiResponseError) {
        if (Object.keys(error.errors).length > 0) setErrors(error.errors as FieldErrors);
        setStatus({ ok: false, text: CONTACT_MESSAGES.failed });
      } else setStatus({ ok: false, text: CONTACT_MESSAGES.networkError });
    } finally {
      setSending(false);
    }
  };

  const field = (key: Exclude<keyof Fields, "website">, label: string, required: boolean, input: React.ReactNode) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="field-label">
        {label} {required ? <span aria-hidden="true" className="text-red-700">*</span> : <span className="font-normal text-slate-500">(optional)</span>}
      </label>
      {input}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">{errors[key]}</p>
      ) : null}
    </div>
  );
  const common = (key: Exclude<keyof Fields, "website">, required: boolean) => ({
    id: `${id}-${key}`,
    name: key,
    value: fields[key],
    onChange: update(key),
    onBlur: () => {
      if (fields[key] !== "" || errors[key]) setErrors((current) => ({ ...current, [key]: validate(fields)[key] }));
    },
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
    "aria-required": required || undefined,
    className: `field-input ${errors[key] ? "border-red-600" : ""}`,
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label="Contact form">
      {field("name", "Name", true, <input type="text" autoComplete="name" {...common("name", true)} />)}
      {field("email", "Email", true, <input type="email" autoComplete="email" {...common("email", true)} />)}
      {field("subject", "Subject", false, <input type="text" {...common("subject", false)} />)}
      {field("message", "Message", true, <textarea rows={6} {...common("message", true)} />)}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" value={fields.website} onChange={(e) => setFields({ ...fields, website: e.target.value })} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary px-6" disabled={sending}>
          {sending ? "Sending…" : "Send message"}
        </button>
        <p role="status" className={`text-sm font-semibold ${status?.ok ? "text-brand-700" : "text-red-700"}`}>
          {status?.text ?? ""}
        </p>
      </div>
    </form>
  );
}
