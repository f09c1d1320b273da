// What a customer is told when the shop asks them to slow down (HTTP 429): what happened and when to
// try again, from the server's Retry-After seconds. One wording for every limit, on server and page.

/** "in 45 seconds", "in 1 minute", "in 10 minutes" (whole minutes, rounded up, past a minute). */
export function retryAfterPhrase(seconds: number): string {
  const whole = Math.max(1, Math.ceil(Number.isFinite(seconds) ? seconds : 60));
  if (whole < 60) return `in ${whole} second${whole === 1 ? "" : "s"}`;
  const minutes = Math.ceil(whole / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function tooManyRequestsMessage(seconds: number): string {
  return `Too many attempts from your connection. Please try again ${retryAfterPhrase(seconds)}.`;
}

/** Retry-After as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
