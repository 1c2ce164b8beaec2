/**
 * Writes the bonus PDF offered after enrolment (public/downloads/bonus-ebook-selling-report.pdf).
 * Run once with `npx tsx scripts/generate-bonus-pdf.ts`; the PDF is committed.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const TITLE = 'Selling Ebooks: Quick-Start Report';
const SECTIONS: Array<[string, string[]]> = [
  [
    'Why ebooks pair well with video book reviews',
    [
      'Authors who hire you for a review often also sell ebooks. Understanding how ebooks are',
      "priced, launched and promoted lets you offer reviews that fit into an author's launch plan.",
    ],
  ],
  [
    'Five steps to a first ebook sale',
    [
      '1. Pick a narrow topic you can explain in 30 to 60 pages.',
      '2. Outline ten chapters, each answering one reader question.',
      '3. Publish on one major store first, priced between 2.99 and 4.99 pounds.',
      '4. Record a two-minute video review-style trailer for the book.',
      '5. Share the trailer with the community group and ask for honest feedback.',
    ],
  ],
  [
    'How this helps your review business',
    [
      'Every author you meet through ebook communities is a potential review client. Keep a',
      'simple list of the authors you talk to, and follow up when their next book launches.',
    ],
  ],
];

async function main() {
  const pdf = await PDFDocument.create();
  pdf.setTitle(TITLE);
  pdf.setAuthor('Video Book Review Specialist');
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const purple = rgb(0.36, 0.13, 0.71);

  let y = 780;
  page.drawText('Video Book Review Specialist — Bonus', { x: 50, y, size: 11, font: regular, color: purple });
  y -= 34;
  page.drawText(TITLE, { x: 50, y, size: 22, font: bold });
  y -= 40;
  for (const [heading, lines] of SECTIONS) {
    page.drawText(heading, { x: 50, y, size: 14, font: bold, color: purple });
    y -= 22;
    for (const line of lines) {
      page.drawText(line, { x: 50, y, size: 11, font: regular });
      y -= 16;
    }
    y -= 18;
  }
  page.drawText('Included with your enrollment. For personal use by enrolled students.', {
    x: 50,
    y: 60,
    size: 9,
    font: regular,
    color: rgb(0.3, 0.3, 0.3),
  });

  const out = path.resolve('public/downloads/bonus-ebook-selling-report.pdf');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, await pdf.save({ useObjectStreams: false }));
  console.log(`wrote ${out}`);
}

await main();
