// A form schema's refusal as the form shows it: the first message for each field, by the field's name.
type Issue = { path: readonly PropertyKey[]; message: string };

export function fieldErrors(issues: readonly Issue[], rename: Record<string, string> = {}): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    found[rename[key] ?? key] ??= issue.message;
  }
  return found;
}
