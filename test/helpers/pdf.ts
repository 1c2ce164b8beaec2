/**
 * Reads a certificate PDF the way a person would: its text (pdfjs-dist) and its QR code (the page
 * rendered, then decoded with jsQR).
 */
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
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
