import { access, readFile, writeFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream, cmyk, degrees } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointsToMm, type OrderedArtwork } from "../../domain/preflight";
import { preflightFile } from "./preflight-file";
import { hasAdobeMarker, jpegFitsPdfAsIs, makePrintPdf } from "./print-pdf";
import { A4, A4_POINTS, cmykJpeg, pixelsFor, twoColourJpeg, writeCorpus, type Corpus } from "../../tests/support/artwork-corpus";
import { makeProofPng, makeThumbnail } from "./thumbnail";

/** Every kind of input the print PDF is made from: PDFs (vector, image, several pages), JPEG, TIFF and PNG, CMYK and RGB. */
const INPUTS = [
  "cmyk-vector.pdf",
  "cmyk-image-300ppi.pdf",
  "cmyk-300ppi.jpg",
  "cmyk-300ppi.tif",
  "cmyk-120ppi.jpg",
  "rgb-300ppi.jpg",
  "rgb-300ppi.png",
  "square.jpg",
  "landscape-a4.jpg",
  "two-pages.pdf",
  "vector-a3.pdf",
];

let corpus: Corpus;
beforeAll(async () => {
  corpus = await writeCorpus(INPUTS);
});
afterAll(async () => {
  await corpus?.remove();
});

type Box = { x: number; y: number; width: number; height: number };
const mm = (box: Box) => ({ x: pointsToMm(box.x), y: pointsToMm(box.y), width: pointsToMm(box.width), height: pointsToMm(box.height) });

async function printPdfOf(name: string, ordered: OrderedArtwork = A4) {
  const out = corpus.path(`${name}.print.pdf`);
  const size = await makePrintPdf(corpus.path(name), ordered, out);
  return { out, size, doc: await PDFDocument.load(await readFile(out)) };
}

function imageStreams(doc: PDFDocument): PDFRawStream[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
}

/** sRGB of the proof pixel at fractions (fx, fy) of its width and height, from the top left. */
async function proofPixel(pdfPath: string, fx: number, fy: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(await makeProofPng(pdfPath)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(info.width * fx));
  const y = Math.min(info.height - 1, Math.floor(info.height * fy));
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** A PNG file around IDAT data (8-bit, non-interlaced): how a test reads an image stream with PNG predictors. */
function pngAround(idat: Uint8Array, width: number, height: number, colourType: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), body]);
    const out = Buffer.alloc(8 + body.length + 4);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.from(idat)), chunk("IEND", Buffer.alloc(0))]);
}

function near(actual: [number, number, number], expected: [number, number, number], tolerance = 40) {
  expect(actual.map((value, i) => Math.abs(value - expected[i]!)).every((d) => d <= tolerance), `${actual} ≈ ${expected}`).toBe(true);
}

describe("makePrintPdf page size", () => {
  for (const name of INPUTS) {
    it(`${name}: MediaBox, TrimBox and BleedBox are 210 × 297 mm (± 0.1)`, async () => {
      const { size, doc } = await printPdfOf(name);
      expect(size).toEqual({ pageWidthMm: 210, pageHeightMm: 297 });
      expect(doc.getPageCount()).toBe(1);
      const page = doc.getPage(0);
      for (const box of [page.getMediaBox(), page.getTrimBox(), page.getBleedBox()]) {
        const inMm = mm(box);
        expect(inMm.x).toBeCloseTo(0, 1);
        expect(inMm.y).toBeCloseTo(0, 1);
        expect(Math.abs(inMm.width - 210)).toBeLessThanOrEqual(0.1);
        expect(Math.abs(inMm.height - 297)).toBeLessThanOrEqual(0.1);
      }
    });
  }

  it("keeps one page per ordered version of a multi-page PDF", async () => {
    expect((await printPdfOf("two-pages.pdf", { ...A4, versions: 2 })).doc.getPageCount()).toBe(2);
    expect((await printPdfOf("two-pages.pdf", { ...A4, versions: 5 })).doc.getPageCount()).toBe(2);
  });

  it("makes a landscape page for a landscape order, whatever way round the size is given", async () => {
    const { size, doc } = await printPdfOf("landscape-a4.jpg", { ...A4, orientation: "Landscape" });
    expect(size).toEqual({ pageWidthMm: 297, pageHeightMm: 210 });
    const box = mm(doc.getPage(0).getTrimBox());
    expect(Math.abs(box.width - 297)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(box.height - 210)).toBeLessThanOrEqual(0.1);
  });
});

describe("makePrintPdf content", () => {
  it("embeds a CMYK JPEG untouched as a DeviceCMYK DCT image", async () => {
    const { doc } = await printPdfOf("cmyk-300ppi.jpg");
    const [image, ...others] = imageStreams(doc);
    expect(others).toHaveLength(0);
    expect(image!.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceCMYK"));
    expect(image!.dict.get(PDFName.of("Filter"))).toBe(PDFName.of("DCTDecode"));
    expect(Buffer.from(image!.getContents()).equals(await readFile(corpus.path("cmyk-300ppi.jpg")))).toBe(true);
  });

  it("prints a CMYK JPEG in its colours (Adobe's inverted CMYK is decoded the right way round)", async () => {
    const { out } = await printPdfOf("cmyk-300ppi.jpg");
    near(await proofPixel(out, 0.5, 0.5), [0, 140, 160]);
  });

  it("keeps a CMYK TIFF in CMYK, losslessly", async () => {
    const { out, doc } = await printPdfOf("cmyk-300ppi.tif");
    const [image] = imageStreams(doc);
    expect(image!.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceCMYK"));
    expect(image!.dict.get(PDFName.of("Filter"))).toBe(PDFName.of("FlateDecode"));
    near(await proofPixel(out, 0.5, 0.5), [0, 140, 160]);
  });

  it("puts a PNG in as RGB", async () => {
    const { doc } = await printPdfOf("rgb-300ppi.png");
    const [image] = imageStreams(doc);
    expect(image!.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceRGB"));
  });

  it("copies a PNG's samples exactly, grey as grey, transparency onto white, and leaves no scratch file", async () => {
    // Random pixels defeat any resampling or lossy step: the PDF's image must decode to the same bytes.
    const width = 210;
    const height = 297;
    const pixels = (channels: number) => Buffer.from(Array.from({ length: width * height * channels }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256));
    const cases = [
      { name: "noise-rgb.png", channels: 3, space: "DeviceRGB" },
      { name: "noise-grey.png", channels: 1, space: "DeviceGray" },
      { name: "noise-rgba.png", channels: 4, space: "DeviceRGB" },
    ] as const;
    for (const { name, channels, space } of cases) {
      const source = sharp(pixels(channels), { raw: { width, height, channels } });
      await (channels === 1 ? source.toColourspace("b-w") : source).png().toFile(corpus.path(name));
      const { doc, out } = await printPdfOf(name);
      await expect(access(`${out}.samples.partial`)).rejects.toThrow();
      const [image] = imageStreams(doc);
      expect(image!.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of(space));
      // The stream is IDAT data with PNG predictors: wrapped back into a PNG, it must decode to the source.
      const interpretation = channels === 1 ? "b-w" : "srgb";
      const decoded = await sharp(pngAround(image!.getContents(), width, height, channels === 1 ? 0 : 2)).toColourspace(interpretation).raw().toBuffer();
      const expected = await sharp(corpus.path(name)).flatten({ background: "#ffffff" }).toColourspace(interpretation).raw().toBuffer();
      expect([decoded.length, decoded.equals(expected)], name).toEqual([expected.length, true]);
    }
  });

  it("keeps a PDF's vector content as vector (no image appears)", async () => {
    const { doc, out } = await printPdfOf("vector-a3.pdf");
    expect(imageStreams(doc)).toHaveLength(0);
    // The A3 page's 20 pt frame is scaled by 1/√2 onto A4; its red fill covers the middle.
    near(await proofPixel(out, 0.5, 0.5), [230, 60, 60], 60);
    near(await proofPixel(out, 0.005, 0.005), [255, 255, 255], 5);
  });

  it("turns artwork that fits only turned, without distorting it", async () => {
    // Left half red, right half blue; turned clockwise onto the portrait page, red is on top.
    const { out } = await printPdfOf("landscape-a4.jpg");
    near(await proofPixel(out, 0.5, 0.25), [237, 28, 36], 60);
    near(await proofPixel(out, 0.5, 0.75), [46, 49, 146], 60);
    near(await proofPixel(out, 0.05, 0.02), [237, 28, 36], 60);
    near(await proofPixel(out, 0.95, 0.98), [46, 49, 146], 60);
  });

  it("fits artwork of another shape inside the page, centred, with blank margins", async () => {
    const { out } = await printPdfOf("square.jpg");
    // A square on a 210 × 297 page: 43.5 mm blank above and below, art in the middle.
    near(await proofPixel(out, 0.5, 0.05), [255, 255, 255], 5);
    near(await proofPixel(out, 0.5, 0.95), [255, 255, 255], 5);
    near(await proofPixel(out, 0.5, 0.5), [0, 140, 160]);
    near(await proofPixel(out, 0.01, 0.5), [0, 140, 160]);
  });

  it("honours a PDF page's own /Rotate", async () => {
    // A portrait page, red in its top half, shown turned clockwise (landscape): red is on the right.
    const doc = await PDFDocument.create();
    const page = doc.addPage([A4_POINTS.width, A4_POINTS.height]);
    page.drawRectangle({ x: 0, y: A4_POINTS.height / 2, width: A4_POINTS.width, height: A4_POINTS.height / 2, color: cmyk(0, 1, 1, 0) });
    page.setRotation(degrees(90));
    await writeFile(corpus.path("rotated.pdf"), await doc.save());
    const { out, size } = await printPdfOf("rotated.pdf", { ...A4, orientation: "Landscape" });
    expect(size).toEqual({ pageWidthMm: 297, pageHeightMm: 210 });
    near(await proofPixel(out, 0.75, 0.5), [237, 28, 36], 60);
    near(await proofPixel(out, 0.25, 0.5), [255, 255, 255], 5);
  });

  it("drops pdf-lib's inverting /Decode for a CMYK JPEG without Adobe's marker", async () => {
    const adobe = await cmykJpeg(40, 40);
    expect(hasAdobeMarker(adobe)).toBe(true);
    const plain = stripAdobeMarker(adobe);
    expect(hasAdobeMarker(plain)).toBe(false);
    await writeFile(corpus.path("plain-cmyk.jpg"), plain);
    const { doc } = await printPdfOf("plain-cmyk.jpg");
    expect(imageStreams(doc)[0]!.dict.get(PDFName.of("Decode"))).toBeUndefined();
    const withMarker = await printPdfOf("cmyk-120ppi.jpg");
    expect(imageStreams(withMarker.doc)[0]!.dict.get(PDFName.of("Decode"))).toBeDefined();
  });
});

describe("JPEGs that cannot go in as they are", () => {
  it("follows EXIF orientation without touching the JPEG data", async () => {
    // Stored landscape, left half red; EXIF 8 shows it turned anticlockwise: portrait, red at the
    // bottom. (Turning it to fit, which ignores EXIF, would turn it clockwise: red on top.)
    const stored = await twoColourJpeg(pixelsFor(297, 300), pixelsFor(210, 300), "srgb");
    await writeFile(corpus.path("exif-8.jpg"), await sharp(stored).withMetadata({ orientation: 8 }).jpeg({ quality: 90 }).toBuffer());
    expect((await preflightFile(corpus.path("exif-8.jpg"), A4)).checks.map((c) => c.code)).toEqual(["colour"]);
    const { out, doc } = await printPdfOf("exif-8.jpg");
    expect(Buffer.from(imageStreams(doc)[0]!.getContents()).equals(await readFile(corpus.path("exif-8.jpg")))).toBe(true);
    near(await proofPixel(out, 0.5, 0.25), [0, 0, 255], 60);
    near(await proofPixel(out, 0.5, 0.75), [255, 0, 0], 60);
  });

  it("embeds progressive 8-bit JPEGs as they are, and re-encodes what DCTDecode cannot read", async () => {
    expect(jpegFitsPdfAsIs(await sharp(await cmykJpeg(40, 40)).jpeg({ progressive: true }).toBuffer())).toBe(true);
    // SOI, then a 12-bit extended frame header (SOF1, precision 12).
    const twelveBit = Buffer.from([0xff, 0xd8, 0xff, 0xc1, 0x00, 0x0b, 12, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xff, 0xda]);
    expect(jpegFitsPdfAsIs(twelveBit)).toBe(false);
    // Arithmetic-coded (SOF9), 8-bit.
    const arithmetic = Buffer.from([0xff, 0xd8, 0xff, 0xc9, 0x00, 0x0b, 8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xff, 0xda]);
    expect(jpegFitsPdfAsIs(arithmetic)).toBe(false);
  });
});

function stripAdobeMarker(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let pos = 2;
  while (jpeg[pos] === 0xff && jpeg[pos + 1] !== 0xda) {
    const length = jpeg.readUInt16BE(pos + 2);
    if (jpeg[pos + 1] !== 0xee) parts.push(jpeg.subarray(pos, pos + 2 + length));
    pos += 2 + length;
  }
  parts.push(jpeg.subarray(pos));
  return Buffer.concat(parts);
}

describe("thumbnails and proofs", () => {
  for (const name of ["cmyk-300ppi.jpg", "cmyk-300ppi.tif", "rgb-300ppi.png", "landscape-a4.jpg", "cmyk-vector.pdf", "vector-a3.pdf"]) {
    it(`${name}: a JPEG of at most 400 px`, async () => {
      const meta = await sharp(await makeThumbnail(corpus.path(name))).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.space).toBe("srgb");
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400);
      expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(390);
    });
  }

  it("shows a CMYK image in its colours on screen", async () => {
    const { data } = await sharp(await makeThumbnail(corpus.path("cmyk-300ppi.jpg"))).raw().toBuffer({ resolveWithObject: true });
    near([data[0]!, data[1]!, data[2]!], [0, 140, 160]);
  });

  it("renders the print PDF's first page as a PNG of at most 1200 px", async () => {
    const { out } = await printPdfOf("cmyk-300ppi.jpg");
    const meta = await sharp(await makeProofPng(out)).metadata();
    expect(meta.format).toBe("png");
    expect(meta.height).toBeLessThanOrEqual(1200);
    expect(meta.height).toBeGreaterThanOrEqual(1190);
    expect(meta.width! / meta.height!).toBeCloseTo(210 / 297, 2);
  });
});
