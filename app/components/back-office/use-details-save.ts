import { useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { fieldErrors } from "../../lib/field-errors";

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A position typed in a details form: blank is no number, so the schema asks for one. */
export const sortOrderOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** How much of a search title or description a results page shows. */
export const shownHint = (value: string, shown: number) => `${value.length} characters${value.length > shown ? `: search results show about the first ${shown}` : ""}`;

/**
 * A back-office details form's save: the schema's answer first (the fields it refused marked in red), then
 * `write`, whose words say what the save did; a refused save says why.
 */
export function useDetailsSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async <T>(parsed: Checked<T>, write: (data: T) => Promise<string>) => {
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setStatus({ ok: false, text: "Check the fields marked in red." });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setStatus({ ok: true, text: await write(parsed.data) });
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return { errors, status, setStatus, busy, save };
}
