import { useCallback, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import type { z } from "zod";

type FieldFrame = { label: string; error?: string | undefined; required?: boolean; hint?: ReactNode; className?: string };

function Frame({ id, label, error, required, hint, className, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label} {required ? <span aria-hidden="true" className="text-red-700">*</span> : null}
      </label>
      {children}
      {hint && !error ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose error sits beside it and is announced with it. */
export function TextField({ label, error, required, hint, className, id: givenId, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <Frame id={id} label={label} error={error} required={required} hint={hint} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`field-input ${error ? "border-red-600 ring-1 ring-red-600" : ""}`}
        {...input}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  required,
  hint,
  className,
  options,
  id: givenId,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[] | readonly { value: string; label: string }[] }) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <Frame id={id} label={label} error={error} required={required} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`field-input ${error ? "border-red-600 ring-1 ring-red-600" : ""}`}
        {...select}
      >
        {options.map((option) =>
          typeof option === "string" ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ),
        )}
      </select>
    </Frame>
  );
}

/** A status line for the outcome of a form (success or the server's message). */
/** What a form says after it was sent: a success in the brand colour, a failure in red. */
export type FormStatusValue = { ok: boolean; text: string } | null;

export function FormStatus({ status }: { status: FormStatusValue }) {
  return (
    <p role="status" className={`text-sm font-semibold ${status?.ok ? "text-brand-700" : "text-red-700"}`}>
      {status?.text ?? ""}
    </p>
  );
}

/**
 * A form's values and field errors, validated with its one zod schema: a field is checked again as the
 * customer edits it once it has shown an error, and on blur once it holds something.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What a customer typed before the page's script took over stays in the box but not in React's state;
  // each field adopts it when React first attaches to it, so nothing typed early is lost or reported
  // missing. One stable callback per field: it runs when the field mounts, not on every render.
  const adopters = useRef(new Map<string, (element: HTMLInputElement | HTMLSelectElement | null) => void>());
  const adopt = (name: string) => {
    let adopter = adopters.current.get(name);
    if (!adopter) {
      adopter = (element) => {
        const typed = element?.value ?? "";
        if (typed !== "") setValues((current) => (current[name] ? current : { ...current, [name]: typed }));
      };
      adopters.current.set(name, adopter);
    }
    return adopter;
  };

  const validate = useCallback(
    (next: Record<string, string>): Record<string, string> => {
      const parsed = schema.safeParse(next);
      if (parsed.success) return {};
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".") || "form";
        found[key] ??= issue.message;
      }
      return found;
    },
    [schema],
  );

  const field = (name: string) => ({
    name,
    ref: adopt(name),
    value: values[name] ?? "",
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (errors[name]) setErrors((current) => ({ ...current, [name]: validate(next)[name] ?? "" }));
    },
    onBlur: () => {
      if ((values[name] ?? "") !== "" || errors[name]) setErrors((current) => ({ ...current, [name]: validate(values)[name] ?? "" }));
    },
  });

  /** Validates everything; shows every error and focuses the first field at fault. */
  const check = (formId: string): boolean => {
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [name="${first}"]`)?.focus();
    return !first;
  };

  return { values, setValues, errors, setErrors, field, check, parsed: () => schema.parse(values) as z.output<S> };
}

/**
 * A form's submission: the form is checked first (every error shown, the first field focused), then `send`
 * runs while the form is busy; what it answers, or `failed` makes of what it throws, is the form's status.
 */
export function useFormSubmit(form: { check: (formId: string) => boolean }, formId: string, send: () => Promise<FormStatusValue>, failed: (error: unknown) => FormStatusValue) {
  const [status, setStatus] = useState<FormStatusValue>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!form.check(formId)) return;
    setBusy(true);
    try {
      setStatus(await send());
    } catch (error) {
      setStatus(failed(error));
    } finally {
      setBusy(false);
    }
  };
  return { status, setStatus, busy, onSubmit };
}
