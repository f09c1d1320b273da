// Reads the mail the server under test wrote as .eml files (its default transport) in its data folder.
import fs from "node:fs";
import path from "node:path";

const mailDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "mail");

/** A message's text with quoted-printable soft line breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every message (decoded) that mentions `text` (after decoding), oldest first. */
export function mailsContaining(text: string): string[] {
  if (!fs.existsSync(mailDir())) return [];
  return fs
    .readdirSync(mailDir())
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => decoded(fs.readFileSync(path.join(mailDir(), file), "utf8")))
    .filter((content) => content.includes(text));
}
