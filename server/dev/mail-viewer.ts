import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../integrations/email/templates";

const EML_NAME = /^[\w-]+\.eml$/;
const LIST_LIMIT = 200;

/**
 * Development only (docs/decisions/011-email-delivery.md): lists the `.eml` files the file transport wrote, newest first,
 * and shows each one raw. Registered by buildApp when NODE_ENV is development.
 */
export async function registerMailViewer(app: FastifyInstance, dir: string): Promise<void> {
  app.get("/dev/mail", { schema: { hide: true } }, async (_request, reply) => {
    const names = (await readdirOrEmpty(dir)).filter((name) => EML_NAME.test(name)).sort().reverse().slice(0, LIST_LIMIT);
    const rows = await Promise.all(
      names.map(async (name) => {
        const headers = parseHeaders(await readHead(path.join(dir, name)));
        return `<tr><td>${escapeHtml(headers.date ?? "")}</td><td>${escapeHtml(headers.to ?? "")}</td><td><a href="/dev/mail/${encodeURIComponent(name)}">${escapeHtml(headers.subject || "(no subject)")}</a></td></tr>`;
      }),
    );
    const body = names.length
      ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`
      : `<p>No mail yet. Messages appear here as .eml files written to ${escapeHtml(dir)}.</p>`;
    return reply
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .type("text/html; charset=utf-8")
      .send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Mail (development)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#18181b}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e4e4e7;vertical-align:top}th{background:#f4f4f5}</style>
</head><body><h1>Mail (development)</h1>
${body}
</body></html>
`);
  });

  app.get<{ Params: { file: string } }>("/dev/mail/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    if (!EML_NAME.test(file)) return reply.status(400).type("text/plain; charset=utf-8").send("Not a mail file name.");
    try {
      const content = await fs.readFile(path.join(dir, file));
      return reply.type("text/plain; charset=utf-8").send(content);
    } catch {
      return reply.status(404).type("text/plain; charset=utf-8").send("No such mail.");
    }
  });
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}

async function readHead(file: string): Promise<string> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** The top-level headers of a message (unfolded, encoded words decoded), keyed in lower case. */
export function parseHeaders(eml: string): Record<string, string> {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    if (!(key in headers)) headers[key] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      return new TextDecoder(/^utf-?8$/i.test(charset) ? "utf-8" : "latin1").decode(bytes);
    });
}
