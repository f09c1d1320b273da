import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sweepDebris } from "./debris-sweep";

function file(p: string, ageMs: number) {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, "x");
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(p, t, t);
}

describe("sweepDebris", () => {
  it("removes temporary uploads and half-written files older than an hour, and nothing else", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "debris-"));
    const hour = 60 * 60_000;
    const uploads = path.join(root, "tmp", "uploads");
    const files = path.join(root, "files");
    const mail = path.join(root, "mail");
    file(path.join(uploads, "old-upload"), 2 * hour);
    file(path.join(uploads, "new-upload"), 60_000);
    file(path.join(files, "uploads", "7", "original.pdf~0123456789ab.tmp"), 2 * hour);
    file(path.join(files, "uploads", "7", "original.pdf"), 2 * hour);
    file(path.join(files, "uploads", "7", "proof.pdf~aaaaaaaaaaaa.tmp"), 60_000);
    file(path.join(mail, "2026-01-01-x.eml.partial"), 2 * hour);
    file(path.join(mail, "2026-01-01-x.eml"), 2 * hour);

    const removed = await sweepDebris([
      { dir: uploads, everything: true },
      { dir: files, everything: false },
      { dir: mail, everything: false },
      { dir: path.join(root, "missing"), everything: true },
    ]);
    expect(removed).toBe(3);
    const left = (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).sort();
    expect(left).toEqual(
      [path.join("files", "uploads", "7", "original.pdf"), path.join("files", "uploads", "7", "proof.pdf~aaaaaaaaaaaa.tmp"), path.join("mail", "2026-01-01-x.eml"), path.join("tmp", "uploads", "new-upload")].sort(),
    );
  });
});
