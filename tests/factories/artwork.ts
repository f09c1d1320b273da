// Artwork files made by the tests themselves (nothing binary is committed), and multipart bodies for inject.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** A CMYK JPEG of `widthPx` × `heightPx` at `ppi` (a flat colour with a stripe, so it compresses but decodes). */
export async function cmykJpeg(widthPx: number, heightPx: number, ppi = 300): Promise<Buffer> {
  const stripe = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}"><rect width="100%" height="100%" fill="#0f766e"/><rect y="${Math.round(heightPx / 3)}" width="100%" height="${Math.round(heightPx / 3)}" fill="#f59e0b"/></svg>`);
  return sharp(stripe).toColourspace("cmyk").jpeg({ quality: 85 }).withDensity(ppi).toBuffer();
}

/** A CMYK JPEG of random pixels: it hardly compresses, so it is a few MB to send (uploads cut into pieces). */
export async function noisyCmykJpeg(widthPx: number, heightPx: number, ppi = 300): Promise<Buffer> {
  return sharp(randomBytes(widthPx * heightPx * 3), { raw: { width: widthPx, height: heightPx, channels: 3 } }).toColourspace("cmyk").jpeg({ quality: 90 }).withDensity(ppi).toBuffer();
}

/**
 * `length` bytes of fixed noise (`seed` shifts it): raw pixels that hardly compress, the same every run.
 * Written into a Buffer directly: the Array.from of 27 million numbers it replaces took 4 s of CPU.
 */
export function noiseBytes(length: number, seed = 0): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) bytes[i] = ((i + seed) * 2654435761) >>> 24;
  return bytes;
}

/** An RGB PNG (prints darker once converted: the preflight warns). */
export async function rgbPng(widthPx: number, heightPx: number, ppi = 300): Promise<Buffer> {
  return sharp({ create: { width: widthPx, height: heightPx, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().withDensity(ppi).toBuffer();
}

export type Part = { name: string; value: string } | { name: string; fileName: string; contentType: string; data: Buffer };

/** A multipart/form-data body for `app.inject`. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(payload.length) } };
}
