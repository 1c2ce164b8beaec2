/**
 * Certificate test data through the data layer, and a reader that opens a certificate PDF the way a
 * person would: its text (pdfjs-dist) and its QR code (the page rendered, then decoded with jsQR).
 */
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { certificates, type Certificate, type Student } from '@server/db/schema';
import { newCertificateId } from '@server/lib/codes';
import { createStudent, type StudentSetup } from './student';

export interface CertificateSetup {
  activated?: boolean;
  course?: CourseType;
  completionDate?: string;
  activatedAt?: Date;
  idStatus?: StudentSetup['idStatus'];
  student?: Partial<StudentSetup>;
}

/** A student at 100% with a requested certificate (pending unless `activated`). */
export async function createCertificate(
  db: Db,
  setup: CertificateSetup = {},
): Promise<{ student: Student; certificate: Certificate }> {
  const course = setup.course ?? 'foundation';
  const stages = course === 'pro' ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5];
  const student = await createStudent(db, { course, stages, idStatus: setup.idStatus ?? 'approved', ...setup.student });
  const activatedAt = setup.activated ? (setup.activatedAt ?? new Date()) : null;
  const [certificate] = await db
    .insert(certificates)
    .values({
      certificateId: newCertificateId(),
      studentId: student.id,
      courseType: course,
      completionDate: setup.completionDate ?? '2027-04-12',
      activatedAt,
    })
    .returning();
  return { student, certificate };
}

export interface ReadPdf {
  /** Every text item of page 1, joined with single spaces. */
  text: string;
  pageCount: number;
  /** Page 1 size in points. */
  width: number;
  height: number;
  /** What the QR code on page 1 says, or null when none can be read. */
  qrText: string | null;
}

/** Opens a PDF like a reader: text extraction and a rendered page scanned for its QR code. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .filter((s) => s.trim() !== '')
      .join(' ');
    const [, , width, height] = page.view;
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({ canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    return { text, pageCount: document.numPages, width, height, qrText: qr?.data ?? null };
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
