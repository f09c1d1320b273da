export const root: string;
export const stamp: string;
export const serverBundle: string;
export function buildIsStale(): boolean;
