import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every form the shop draws is sent by POST: a form tapped before the page's scripts run is sent by the
 * browser itself, and a GET would put its fields (a password, an address, a message) in the address bar.
 * Only a search form (role="search") may use GET: it holds no personal data.
 */
const APP = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/** The opening tag of each `<form` in a JSX source, up to the `>` outside any `{…}`. */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<form[\s>]/g)) {
    let depth = 0;
    for (let i = match.index + 5; i < source.length; i++) {
      const ch = source[i];
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if (ch === ">" && depth === 0) {
        tags.push(source.slice(match.index, i + 1));
        break;
      }
    }
  }
  return tags;
}

function formMethodProblem(tag: string): string | null {
  if (/\bmethod="post"/.test(tag)) return null;
  if (/\brole="search"/.test(tag) && !/\bmethod="(?!get")/.test(tag)) return null;
  return 'has no method="post"';
}

describe("every form's method", () => {
  it("reads each opening tag whole, braces and all", () => {
    expect(formTags('<form onSubmit={(e) => { a > b; }} method="post">x</form><form>')).toEqual(['<form onSubmit={(e) => { a > b; }} method="post">', "<form>"]);
  });

  it("refuses a form without method=post, and lets only a search form use GET", () => {
    expect(formMethodProblem('<form method="post" aria-label="Sign in">')).toBeNull();
    expect(formMethodProblem('<form role="search" action="/search">')).toBeNull();
    expect(formMethodProblem('<form aria-label="Sign in">')).not.toBeNull();
    expect(formMethodProblem('<form method="get" aria-label="Sign in">')).not.toBeNull();
  });

  it("is POST in every form of the app, except search", () => {
    const files = sources(APP);
    const problems = files.flatMap((file) =>
      formTags(readFileSync(file, "utf8"))
        .map((tag) => [tag, formMethodProblem(tag)] as const)
        .filter(([, problem]) => problem !== null)
        .map(([tag, problem]) => `${relative(APP, file)}: ${tag.split("\n")[0]} ${problem}`),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
