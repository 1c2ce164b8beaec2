/**
 * An invoice or credit note as a PDF (A4 portrait), drawn from what was fixed when it was issued
 * (table invoices): the details HMRC's VAT Notice 700/21 asks of an invoice (a unique sequential
 * number, the date of issue, which is the time of supply, the seller's name and address and, once
 * VAT-registered, its VAT number, the buyer, a description and price of each item, any discount,
 * the VAT rate and the VAT included in the total) and the company number a limited company prints.
 * Text in EB Garamond, with the certificate's Noto fallbacks for a buyer's name in another script.
 */
import type { Font } from 'fontkit';
import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { formatPence } from '@shared/money';
import { formatLongDate } from '@shared/schedule';
import type { Invoice } from '@server/db/schema';
import { fallbackFonts, freshFace } from './certificate-fonts';
import { PdfFonts, drawShapedText, shapeText } from './shaped-text';

// A4 portrait in points.
const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 56;
const RIGHT = WIDTH - 56;

const NAVY = rgb(0.11, 0.165, 0.33);
const INK = rgb(0.17, 0.17, 0.2);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.8, 0.8, 0.84);

interface Pen {
  page: PDFPage;
  fonts: PdfFonts;
  regular: Font[];
  semibold: Font[];
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: RGB;
  /** Right-aligned at x. */
  alignRight?: boolean;
}

/** Draws `text` with its baseline `fromTop` points below the top edge. */
function draw(pen: Pen, text: string, x: number, fromTop: number, style: TextStyle = {}): void {
  const { bold = false, size = 10.5, color = INK, alignRight = false } = style;
  const shaped = shapeText(text, bold ? pen.semibold : pen.regular);
  const left = alignRight ? x - shaped.width * size : x;
  drawShapedText(pen.fonts, pen.page, shaped, left, HEIGHT - fromTop, { size, color });
}

/** `text` broken into lines at most `maxWidth` points wide at `size`. */
function wrap(pen: Pen, text: string, maxWidth: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && shapeText(candidate, pen.regular).width * size > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lines of text from `fromTop`, wrapped to `maxWidth`; returns where the next line would go. */
function drawLines(pen: Pen, texts: string[], x: number, fromTop: number, maxWidth: number, style: TextStyle = {}) {
  const size = style.size ?? 10.5;
  let y = fromTop;
  for (const text of texts) {
    for (const line of wrap(pen, text, maxWidth, size)) {
      draw(pen, line, x, y, style);
      y += size * 1.45;
    }
  }
  return y;
}

function rule(pen: Pen, fromTop: number, thickness = 0.6, color = RULE): void {
  pen.page.drawLine({
    start: { x: LEFT, y: HEIGHT - fromTop },
    end: { x: RIGHT, y: HEIGHT - fromTop },
    thickness,
    color,
  });
}

function sellerLines(invoice: Invoice): string[] {
  const { seller } = invoice.details;
  return [
    seller.address ?? '',
    seller.companyNumber ? `Company number ${seller.companyNumber}` : '',
    seller.vatNumber ? `VAT registration number ${seller.vatNumber}` : '',
  ].filter(Boolean);
}

function buyerLines(invoice: Invoice): string[] {
  if (!invoice.buyerName && !invoice.buyerEmail) return ["Customer's details erased at the customer's request"];
  return [invoice.buyerName ?? '', invoice.buyerEmail ?? ''].filter(Boolean);
}

/** The items, any discount and the total, from `fromTop`; returns where the table ends. */
function drawItems(pen: Pen, invoice: Invoice, fromTop: number): number {
  const credit = invoice.kind === 'credit_note';
  const { lines, discount } = invoice.details;
  draw(pen, 'Description', LEFT, fromTop, { bold: true, size: 9.5, color: MUTED });
  draw(pen, 'Amount', RIGHT, fromTop, { bold: true, size: 9.5, color: MUTED, alignRight: true });
  rule(pen, fromTop + 7);
  let y = fromTop + 26;
  for (const line of lines) {
    draw(pen, line.description, LEFT, y);
    draw(pen, formatPence(line.amountPence), RIGHT, y, { alignRight: true });
    y += 20;
  }
  if (discount) {
    draw(pen, `Discount (promo code ${discount.code})`, LEFT, y);
    draw(pen, `−${formatPence(discount.amountPence)}`, RIGHT, y, { alignRight: true });
    y += 20;
  }
  rule(pen, y - 11);
  y += 6;
  draw(pen, credit ? 'Total credited' : 'Total', LEFT, y, { bold: true, size: 12 });
  draw(pen, formatPence(invoice.totalPence), RIGHT, y, { bold: true, size: 12, alignRight: true });
  return y + 24;
}

/** VAT: the rate and the VAT included when the seller is registered; otherwise that none is charged. */
function drawVat(pen: Pen, invoice: Invoice, fromTop: number): number {
  const { seller, vatPence } = invoice.details;
  if (!seller.vatNumber || vatPence === null)
    return drawLines(pen, ['No VAT is charged: the seller is not registered for VAT.'], LEFT, fromTop, RIGHT - LEFT, {
      color: MUTED,
    });
  const rows: Array<[string, number]> = [
    ['Total excluding VAT', invoice.totalPence - vatPence],
    [`VAT at ${seller.vatRatePercent}% (included in the total)`, vatPence],
  ];
  let y = fromTop;
  for (const [label, pence] of rows) {
    draw(pen, label, LEFT, y, { color: MUTED });
    draw(pen, formatPence(pence), RIGHT, y, { color: MUTED, alignRight: true });
    y += 18;
  }
  return y;
}

function paymentLine(invoice: Invoice): string {
  const { paymentMethod, paymentReference } = invoice.details;
  const date = formatLongDate(invoice.issuedAt);
  if (invoice.kind === 'credit_note')
    return paymentMethod === 'card'
      ? `Refunded to the card that paid (payment reference ${paymentReference}) on ${date}.`
      : `Refund recorded on ${date} (payment reference ${paymentReference}).`;
  return paymentMethod === 'card'
    ? `Paid in full by card on ${date}, payment reference ${paymentReference}.`
    : `Paid in full: payment recorded by the school on ${date}, reference ${paymentReference}.`;
}

async function faces(names: Parameters<typeof freshFace>[0][]): Promise<Font[]> {
  return Promise.all(names.map((name) => freshFace(name)));
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const credit = invoice.kind === 'credit_note';
  const title = credit ? 'Credit note' : 'Invoice';
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${invoice.number}`);
  pdf.setAuthor(invoice.details.seller.name);
  pdf.setCreator('Video Book Review Specialist Certification');
  pdf.setProducer('Video Book Review Specialist Certification');
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(invoice.issuedAt);

  const regular = await freshFace('regular');
  const semibold = await freshFace('semibold');
  // A name or address in another script draws from the certificate's fallbacks.
  const text = [invoice.buyerName ?? '', invoice.details.seller.name, invoice.details.seller.address ?? ''].join(' ');
  const extra = await faces(await fallbackFonts(text, [regular]));
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const pen: Pen = { page, fonts: new PdfFonts(pdf), regular: [regular, ...extra], semibold: [semibold, ...extra] };

  draw(pen, title.toUpperCase(), LEFT, 84, { bold: true, size: 24, color: NAVY });
  draw(pen, invoice.details.seller.name, RIGHT, 70, { bold: true, size: 12, alignRight: true });
  const sellerEnd = drawLines(pen, sellerLines(invoice), RIGHT, 88, 240, { size: 9.5, alignRight: true });

  let y = Math.max(sellerEnd, 140) + 10;
  draw(pen, `${title} number`, LEFT, y, { color: MUTED, size: 9.5 });
  draw(pen, invoice.number, LEFT + 150, y, { bold: true });
  y += 17;
  draw(pen, 'Date of issue and of supply', LEFT, y, { color: MUTED, size: 9.5 });
  draw(pen, formatLongDate(invoice.issuedAt), LEFT + 150, y);
  if (invoice.creditsInvoice) {
    y += 17;
    draw(pen, 'Credits invoice', LEFT, y, { color: MUTED, size: 9.5 });
    draw(pen, invoice.creditsInvoice, LEFT + 150, y);
  }
  y += 32;
  draw(pen, credit ? 'Credited to' : 'Billed to', LEFT, y, { bold: true, size: 9.5, color: MUTED });
  y = drawLines(pen, buyerLines(invoice), LEFT, y + 16, RIGHT - LEFT);

  y = drawItems(pen, invoice, y + 22);
  y = drawVat(pen, invoice, y);
  y += 14;
  if (invoice.details.reason) y = drawLines(pen, [`Reason: ${invoice.details.reason}`], LEFT, y, RIGHT - LEFT);
  drawLines(pen, [paymentLine(invoice)], LEFT, y, RIGHT - LEFT);

  rule(pen, HEIGHT - 60, 0.4);
  draw(pen, `${invoice.details.seller.name} · ${title} ${invoice.number}`, LEFT, HEIGHT - 44, {
    size: 8.5,
    color: MUTED,
  });

  pen.fonts.embed();
  return pdf.save();
}
