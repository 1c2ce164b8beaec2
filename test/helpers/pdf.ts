/**
 * Reads a certificate PDF the way a person would: its text (pdfjs-dist, and poppler's pdftotext) and
 * its QR code (the page rendered, then decoded with jsQR); and the way a printer would: which fonts
 * are embedded (poppler's pdffonts) and which glyphs the page draws.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  /** Every text item of page 1, joined with single spaces. */
  text: string;
  pageCount: number;
  /** Page 1 size in points. */
  width: number;
  height: number;
}

export interface ReadPdf extends PdfText {
  /** What the QR code on page 1 says, or null when none can be read. */
  qrText: string | null;
}

/** Opens a PDF like a reader: text extraction and a rendered page scanned for its QR code. */
export function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  return openPage1(bytes, async (page, text) => {
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({ canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    return { ...text, qrText: qr?.data ?? null };
  });
}

/** The text of a PDF only, for tests that do not look at the QR code (rendering and scanning the page is slow). */
export function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  return openPage1(bytes, async (_page, text) => text);
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

async function openPage1<T>(bytes: Uint8Array, read: (page: PdfPage, text: PdfText) => Promise<T>): Promise<T> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .filter((s) => s.trim() !== '')
      .join(' ');
    const [, , width = 0, height = 0] = page.view;
    return await read(page, { text, pageCount: document.numPages, width, height });
  } finally {
    await document.destroy();
  }
}

/** The names of the fonts whose glyph programs are embedded in the PDF (FontFile/2/3). */
export async function embeddedFontNames(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => object.has(PDFName.of(key)));
    if (embedded) names.push(object.get(PDFName.of('FontName'))?.toString().replace(/^\//, '') ?? '');
  }
  return names.sort();
}

/** Runs a poppler tool (poppler-utils) on the PDF and returns what it prints. */
async function poppler(tool: 'pdffonts' | 'pdftotext', bytes: Uint8Array, args: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'certificate-pdf-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface PdfFont {
  name: string;
  embedded: boolean;
  subset: boolean;
  /** Has a ToUnicode map, so its text can be copied and searched. */
  unicode: boolean;
}

/** The fonts `pdffonts` lists for the PDF. */
export async function popplerFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  const lines = (await poppler('pdffonts', bytes)).trim().split('\n').slice(2);
  return lines.map((line) => {
    // name, type (may contain spaces), encoding, emb, sub, uni, object number, generation
    const columns = line.trim().split(/\s+/);
    const [emb, sub, uni] = columns.slice(-5, -2);
    return { name: columns[0] ?? '', embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
  });
}

/** The text of page 1 as poppler's `pdftotext` reads it (right-to-left runs come out in reading order). */
export function popplerText(bytes: Uint8Array): Promise<string> {
  return poppler('pdftotext', bytes, ['-f', '1', '-l', '1']);
}

/**
 * Every glyph code page 1 shows with Tj/TJ. The certificate's fonts are all Type 0 with Identity-H,
 * so each code is two bytes and is the glyph id in the embedded font: 0 is .notdef, the empty box a
 * font draws for a character it does not have.
 */
export async function shownGlyphCodes(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const codes: number[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error('unexpected page content stream');
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const [, shown = ''] of operators.matchAll(/(<[0-9a-fA-F]*>|\[[^\]]*\])\s*T[jJ]/g)) {
      for (const [, hex = ''] of shown.matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (const code of hex.match(/.{4}/g) ?? []) codes.push(Number.parseInt(code, 16));
      }
    }
  }
  return codes;
}
