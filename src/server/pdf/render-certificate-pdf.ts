/**
 * The certificate as a PDF: A4 landscape, a QR code and printed link to the public verification
 * page, text in EB Garamond and Great Vibes (both OFL) and the holder's name in any script, with Noto
 * fallbacks. Every font is embedded as a subset of the glyphs drawn
 * (docs/decisions/031-certificate-fonts-for-every-script.md). The same function draws real
 * certificates, their e-mail attachment and the SAMPLE on /certificate-demo.
 */
import type { Font } from 'fontkit';
import { PDFDocument, degrees, rgb, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { formatLongDate } from '@shared/schedule';
import { fallbackFonts, freshFace, loadFont, type FontName } from './certificate-fonts';
import { certificateQrPng } from './certificate-qr';
import type { CertificateDocument } from './certificate-document';
import { PdfFonts, drawShapedText, shapeText } from './shaped-text';

type CertificateFont = 'regular' | 'italic' | 'semibold' | 'script';
type Fonts = Record<CertificateFont, Font>;
// A4 landscape in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTRE = WIDTH / 2;

const NAVY = rgb(0.11, 0.165, 0.33);
const GOLD = rgb(0.66, 0.5, 0.2);
const INK = rgb(0.17, 0.17, 0.2);
const CREAM = rgb(0.988, 0.976, 0.949);
const SAMPLE_RED = rgb(0.75, 0.1, 0.1);

interface TextOptions {
  font: Font;
  size: number;
  color?: RGB;
}

/** The page and the fonts its text is drawn from. */
interface Canvas {
  page: PDFPage;
  fonts: PdfFonts;
}

/** Draws `text` centred on `x` with its baseline `fromTop` points below the top edge. */
function drawCentred(canvas: Canvas, text: string, x: number, fromTop: number, options: TextOptions): void {
  const shaped = shapeText(text, [options.font]);
  drawAt(canvas, text, x - (shaped.width * options.size) / 2, fromTop, options);
}

/** Draws `text` from `x` with its baseline `fromTop` points below the top edge. */
function drawAt(
  { page, fonts }: Canvas,
  text: string,
  x: number,
  fromTop: number,
  { font, size, color = INK }: TextOptions,
): void {
  drawShapedText(fonts, page, shapeText(text, [font]), x, HEIGHT - fromTop, { size, color });
}

/** The largest whole size ≤ `size` (down to `min`) at which text `width` ems wide fits in `maxWidth`. */
function fittedSize(width: number, size: number, min: number, maxWidth: number): number {
  return Math.max(min, Math.min(size, Math.floor(maxWidth / width)));
}

/**
 * The fonts for the holder's name, first choice first: Great Vibes when it has every character, as
 * before; otherwise EB Garamond, then the fallbacks some character needs.
 */
async function nameFonts(name: string): Promise<FontName[]> {
  const script = (await loadFont('script')).face;
  if ([...name].every((char) => script.hasGlyphForCodePoint(char.codePointAt(0) ?? 0))) return ['script'];
  return ['regular', ...(await fallbackFonts(name, [(await loadFont('regular')).face]))];
}

function drawFrame(page: PDFPage): void {
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: CREAM });
  page.drawRectangle({ x: 18, y: 18, width: WIDTH - 36, height: HEIGHT - 36, borderColor: NAVY, borderWidth: 4 });
  page.drawRectangle({ x: 28, y: 28, width: WIDTH - 56, height: HEIGHT - 56, borderColor: GOLD, borderWidth: 1.2 });
  page.drawRectangle({ x: 33, y: 33, width: WIDTH - 66, height: HEIGHT - 66, borderColor: GOLD, borderWidth: 0.4 });
  const corners: [number, number][] = [
    [28, 28],
    [WIDTH - 28, 28],
    [28, HEIGHT - 28],
    [WIDTH - 28, HEIGHT - 28],
  ];
  for (const [x, y] of corners) {
    page.drawSquare({ x, y: y - 7, size: 10, rotate: degrees(45), color: GOLD });
  }
}

/** A short rule with a diamond in the middle, under the title. */
function drawFlourish(page: PDFPage, fromTop: number, halfWidth: number): void {
  const y = HEIGHT - fromTop;
  page.drawLine({ start: { x: CENTRE - halfWidth, y }, end: { x: CENTRE - 8, y }, thickness: 0.8, color: GOLD });
  page.drawLine({ start: { x: CENTRE + 8, y }, end: { x: CENTRE + halfWidth, y }, thickness: 0.8, color: GOLD });
  page.drawSquare({ x: CENTRE, y: y - 4.2, size: 6, rotate: degrees(45), color: GOLD });
}

/** The CPD seal between the dates and the signature. */
function drawSeal(canvas: Canvas, fonts: Fonts, x: number, fromTop: number): void {
  const { page } = canvas;
  const y = HEIGHT - fromTop;
  page.drawCircle({ x, y, size: 44, color: GOLD });
  page.drawCircle({ x, y, size: 38, borderColor: CREAM, borderWidth: 1 });
  page.drawCircle({ x, y, size: 34, borderColor: CREAM, borderWidth: 0.4 });
  drawCentred(canvas, 'CPD', x, fromTop + 2, { font: fonts.semibold, size: 22, color: CREAM });
  drawCentred(canvas, 'ACCREDITED', x, fromTop + 16, { font: fonts.semibold, size: 7, color: CREAM });
  drawCentred(canvas, 'PROVIDER', x, fromTop - 18, { font: fonts.semibold, size: 7, color: CREAM });
}

function drawLabelled(canvas: Canvas, fonts: Fonts, label: string, value: string, x: number, fromTop: number): void {
  drawAt(canvas, label.toUpperCase(), x, fromTop, { font: fonts.semibold, size: 8, color: GOLD });
  drawAt(canvas, value, x, fromTop + 16, { font: fonts.regular, size: 13 });
}

function drawSampleWatermark(canvas: Canvas, fonts: Fonts): void {
  const size = 150;
  const shaped = shapeText('SAMPLE', [fonts.semibold]);
  const width = shaped.width * size;
  const angle = (20 * Math.PI) / 180;
  drawShapedText(
    canvas.fonts,
    canvas.page,
    shaped,
    CENTRE - (width / 2) * Math.cos(angle) + (size / 3) * Math.sin(angle),
    HEIGHT / 2 - (width / 2) * Math.sin(angle) - (size / 3) * Math.cos(angle),
    { size, color: SAMPLE_RED, opacity: 0.12, rotateDegrees: 20 },
  );
  drawCentred(canvas, 'SAMPLE — NOT A VALID CERTIFICATE', CENTRE, 52, {
    font: fonts.semibold,
    size: 9,
    color: SAMPLE_RED,
  });
}

function setMetadata(pdf: PDFDocument, certificate: CertificateDocument): void {
  const title = `${certificate.sample ? 'SAMPLE ' : ''}Certificate ${certificate.certificateId}`;
  pdf.setTitle(title);
  pdf.setSubject(`${certificate.courseTitle} — ${certificate.holderName}`);
  pdf.setAuthor('Video Book Review Specialist Certification');
  pdf.setCreator('Video Book Review Specialist Certification');
  pdf.setProducer('Video Book Review Specialist Certification');
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(new Date(`${certificate.issuedDate}T00:00:00Z`));
}

function drawHeading(canvas: Canvas, fonts: Fonts): void {
  drawCentred(canvas, 'VIDEO BOOK REVIEW SPECIALIST CERTIFICATION', CENTRE, 82, {
    font: fonts.semibold,
    size: 11,
    color: GOLD,
  });
  drawCentred(canvas, 'Certificate of Completion', CENTRE, 134, { font: fonts.regular, size: 46, color: NAVY });
  drawFlourish(canvas.page, 152, 150);
  drawCentred(canvas, 'This is to certify that', CENTRE, 190, { font: fonts.italic, size: 17 });
}

/** A person's name shaped in the fonts its scripts need (script first where it has the glyphs). */
async function shapeName(fonts: Fonts, name: string) {
  const names = await nameFonts(name);
  // The page's own faces where the name uses them, so each font is embedded once.
  const faces = await Promise.all(
    names.map((font) => (font === 'script' || font === 'regular' ? fonts[font] : freshFace(font))),
  );
  return { shaped: shapeText(name, faces), inScript: names[0] === 'script' };
}

/** The holder's name, in the fonts it needs, shrunk to fit, over a rule. */
async function drawHolderName(canvas: Canvas, fonts: Fonts, holderName: string): Promise<void> {
  const { page } = canvas;
  const { shaped: holder, inScript } = await shapeName(fonts, holderName);
  // Great Vibes is drawn larger, as before.
  const largest = inScript ? 56 : 40;
  const holderSize = fittedSize(holder.width, largest, 24, 600);
  drawShapedText(canvas.fonts, page, holder, CENTRE - (holder.width * holderSize) / 2, HEIGHT - 250, {
    size: holderSize,
    color: NAVY,
  });
  page.drawLine({
    start: { x: CENTRE - 220, y: HEIGHT - 264 },
    end: { x: CENTRE + 220, y: HEIGHT - 264 },
    thickness: 0.8,
    color: GOLD,
  });
}

function drawCourse(canvas: Canvas, fonts: Fonts, certificate: CertificateDocument): void {
  drawCentred(canvas, 'has successfully completed the', CENTRE, 292, { font: fonts.italic, size: 17 });
  drawCentred(canvas, certificate.courseTitle, CENTRE, 330, { font: fonts.semibold, size: 30, color: NAVY });
  // Without a configured CPD provider number the sentence ends after the programme: no CPD line at all.
  const cpd = certificate.cpdProviderNumber;
  drawCentred(canvas, `of the Video Book Review Specialist certification programme${cpd ? ',' : '.'}`, CENTRE, 356, {
    font: fonts.regular,
    size: 14,
  });
  if (cpd) {
    drawCentred(canvas, `delivered by CPD provider number ${cpd}.`, CENTRE, 375, {
      font: fonts.regular,
      size: 14,
    });
  }
}

/**
 * The signatory's name in script over a rule, then the name and title. Without a name only the
 * title is printed under the rule: nothing that looks like a signature nobody gave.
 */
async function drawSignature(canvas: Canvas, fonts: Fonts, signatory: CertificateDocument['signatory']): Promise<void> {
  const signatureCentre = 530;
  if (signatory.name) {
    const { shaped } = await shapeName(fonts, signatory.name);
    const size = fittedSize(shaped.width, 30, 14, 200);
    drawShapedText(canvas.fonts, canvas.page, shaped, signatureCentre - (shaped.width * size) / 2, HEIGHT - 470, {
      size,
      color: NAVY,
    });
  }
  canvas.page.drawLine({
    start: { x: signatureCentre - 100, y: HEIGHT - 480 },
    end: { x: signatureCentre + 100, y: HEIGHT - 480 },
    thickness: 0.6,
    color: INK,
  });
  const lines = signatory.name ? [signatory.name, signatory.title] : [signatory.title];
  drawCentred(canvas, lines[0] ?? '', signatureCentre, 494, { font: fonts.semibold, size: 10 });
  if (lines[1]) drawCentred(canvas, lines[1], signatureCentre, 507, { font: fonts.regular, size: 9 });
}

function drawQrCode(canvas: Canvas, fonts: Fonts, qr: PDFImage): void {
  const qrSize = 92;
  const qrX = WIDTH - 76 - qrSize;
  const qrTop = 412;
  canvas.page.drawImage(qr, { x: qrX, y: HEIGHT - qrTop - qrSize, width: qrSize, height: qrSize });
  drawCentred(canvas, 'SCAN TO VERIFY', qrX + qrSize / 2, qrTop + qrSize + 12, {
    font: fonts.semibold,
    size: 7,
    color: GOLD,
  });
}

export async function renderCertificatePdf(certificate: CertificateDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await freshFace('regular'),
    italic: await freshFace('italic'),
    semibold: await freshFace('semibold'),
    script: await freshFace('script'),
  };
  const qr = await pdf.embedPng(await certificateQrPng(certificate.verificationUrl));
  setMetadata(pdf, certificate);

  const page = pdf.addPage([WIDTH, HEIGHT]);
  const canvas: Canvas = { page, fonts: new PdfFonts(pdf) };
  drawFrame(page);
  if (certificate.sample) drawSampleWatermark(canvas, fonts);
  drawHeading(canvas, fonts);
  await drawHolderName(canvas, fonts, certificate.holderName);
  drawCourse(canvas, fonts, certificate);

  // Bottom band: dates and id | seal | signature | QR code.
  const left = 76;
  drawLabelled(canvas, fonts, 'Date of completion', formatLongDate(certificate.completionDate), left, 428);
  drawLabelled(canvas, fonts, 'Date of issue', formatLongDate(certificate.issuedDate), left, 466);
  drawLabelled(canvas, fonts, 'Certificate ID', certificate.certificateId, left, 504);
  // The seal claims CPD accreditation: only with a provider number to back it.
  if (certificate.cpdProviderNumber) drawSeal(canvas, fonts, 330, 470);
  await drawSignature(canvas, fonts, certificate.signatory);
  drawQrCode(canvas, fonts, qr);

  const verifyLine = `Verify this certificate at ${certificate.verificationUrl}`;
  drawCentred(canvas, verifyLine, CENTRE, HEIGHT - 48, {
    font: fonts.regular,
    size: fittedSize(shapeText(verifyLine, [fonts.regular]).width, 10, 6, WIDTH - 140),
  });

  canvas.fonts.embed();
  return pdf.save();
}
