// How long each part of a design brief may be, and how many files it may have: read by the brief's form
// (design-brief.ts, which the browser loads with zod) and by the service's rules (design-service.ts).
export const BRIEF_LIMITS = { wording: 5000, colours: 500, style: 500, notes: 5000, files: 20, comments: 5000 } as const;
