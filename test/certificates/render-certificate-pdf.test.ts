// engines: once
import { beforeAll, describe, expect, it } from 'vitest';
import { freshFace } from '@server/pdf/certificate-fonts';
import { verificationUrl, type CertificateDocument } from '@server/pdf/certificate-document';
import { renderCertificatePdf } from '@server/pdf/render-certificate-pdf';
import { shapeText } from '@server/pdf/shaped-text';
import {
  embeddedFontNames,
  popplerFonts,
  popplerText,
  readPdf,
  readPdfText,
  shownGlyphCodes,
  type ReadPdf,
} from '../helpers/pdf';

const certificate: CertificateDocument = {
  certificateId: 'VBR-AB3DE6GH9K',
  holderName: 'Eleanor Whitfield',
  courseTitle: 'Pro Course',
  completionDate: '2027-03-05',
  issuedDate: '2027-03-16',
  cpdProviderNumber: 'CPD-778899',
  signatory: { name: 'Margaret Okafor', title: 'Programme Director' },
  verificationUrl: verificationUrl('https://certify.example.com', 'VBR-AB3DE6GH9K'),
  sample: false,
};

describe('the certificate PDF', () => {
  let bytes: Uint8Array;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderCertificatePdf(certificate);
    pdf = await readPdf(bytes);
  });

  it('prints the holder, course, id, en-GB dates, CPD number, signatory and verification link', () => {
    expect(pdf.text).toContain('Certificate of Completion');
    expect(pdf.text).toContain('Eleanor Whitfield');
    expect(pdf.text).toContain('Pro Course');
    expect(pdf.text).toContain('VBR-AB3DE6GH9K');
    expect(pdf.text).toContain('5 March 2027');
    expect(pdf.text).toContain('16 March 2027');
    expect(pdf.text).toContain('CPD provider number CPD-778899');
    // The name twice: in script over the signature rule, then printed with the title under it.
    expect(pdf.text.match(/Margaret Okafor/g)).toHaveLength(2);
    expect(pdf.text).toContain('Programme Director');
    expect(pdf.text).toContain('PROVIDER');
    expect(pdf.text).toContain('ACCREDITED');
    expect(pdf.text).toContain('VIDEO BOOK REVIEW SPECIALIST CERTIFICATION');
    expect(pdf.text).toContain('https://certify.example.com/verify/VBR-AB3DE6GH9K');
    expect(pdf.text).not.toContain('SAMPLE');
  });

  it('has a QR code that opens the same verification page as the printed link', () => {
    expect(pdf.qrText).toBe('https://certify.example.com/verify/VBR-AB3DE6GH9K');
  });

  it('is one A4 landscape page with subsets of its fonts embedded', async () => {
    expect(pdf.pageCount).toBe(1);
    expect(pdf.width).toBeCloseTo(841.89, 1);
    expect(pdf.height).toBeCloseTo(595.28, 1);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const fonts = await embeddedFontNames(bytes);
    // Subsets of the four certificate fonts (the Latin name is in Great Vibes), and nothing else.
    expect(fonts).toHaveLength(4);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+/);
    expect(fonts.join(' ')).toMatch(/EBGaramond-Regular/);
    expect(fonts.join(' ')).toMatch(/EBGaramond-Italic/);
    expect(fonts.join(' ')).toMatch(/EBGaramond-SemiBold/);
    expect(fonts.join(' ')).toMatch(/GreatVibes-Regular/);
  });

  it('keeps long and accented names whole on the page', async () => {
    for (const holderName of [
      'Maximilian Alexander Fitzgerald-Worthington-Smythe',
      'Zoë Ødegård',
      "Siobhán O'Connor-Łukasiewicz",
    ]) {
      const named = await readPdfText(await renderCertificatePdf({ ...certificate, holderName }));
      expect(named.text).toContain(holderName);
    }
  });

  it('prints no CPD seal or line without a CPD provider number', async () => {
    // Read back by poppler's pdftotext, as a reader's tools would.
    const plain = await popplerText(await renderCertificatePdf({ ...certificate, cpdProviderNumber: null }));
    expect(plain).toContain('of the Video Book Review Specialist certification programme.');
    expect(plain).not.toMatch(/CPD|ACCREDITED|PROVIDER/);
    expect(plain).toContain('Margaret Okafor');
  });

  it('prints the title alone, with no signature, when no signatory name is set', async () => {
    const unsigned = await popplerText(
      await renderCertificatePdf({ ...certificate, signatory: { name: null, title: 'Head of School' } }),
    );
    expect(unsigned).not.toContain('Margaret Okafor');
    expect(unsigned.match(/Head of School/g)).toHaveLength(1);
  });

  it('marks a sample as SAMPLE and not valid', async () => {
    const sample = await readPdfText(await renderCertificatePdf({ ...certificate, sample: true }));
    expect(sample.text).toContain('SAMPLE — NOT A VALID CERTIFICATE');
  });
});

/** A name per script, and the font its non-Latin letters must be set in. */
const NAMES = [
  { script: 'Latin with diacritics', name: 'Nguyễn Thị Ánh Zoë Ødegård', fonts: [/\+GreatVibes-Regular/] },
  { script: 'Greek', name: 'Αλέξανδρος Παπαδόπουλος', fonts: [/\+EBGaramond-Regular/] },
  { script: 'Cyrillic', name: 'Пётр Ильич Чайковский', fonts: [/\+GreatVibes-Regular/] },
  { script: 'Arabic', name: 'عمر فاروق', fonts: [/NotoNaskhArabic/] },
  { script: 'Hebrew', name: 'דוד כהן', fonts: [/NotoSerifHebrew/] },
  { script: 'Devanagari', name: 'प्रिया शर्मा', fonts: [/NotoSerifDevanagari/] },
  { script: 'Chinese', name: '李雷', fonts: [/NotoSerifSC/] },
  { script: 'Japanese', name: '山田 さくら', fonts: [/NotoSerifJP/] },
  { script: 'Korean', name: '김민준', fonts: [/NotoSerifKR/] },
  { script: 'mixed', name: '李雷 Zoë عمر', fonts: [/NotoSerifSC/, /\+EBGaramond-Regular/, /NotoNaskhArabic/] },
];

/** Text as read back, compared without bidi controls and Arabic presentation forms (NFKC), or spaces. */
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/gu, '')
    .trim();
const sortedCharacters = (text: string) => [...comparable(text)].sort().join('');

describe('names in every script on the certificate PDF', () => {
  it.each(NAMES)('draws a $script name with every glyph, in a font that has it', async ({ name, fonts }) => {
    const bytes = await renderCertificatePdf({ ...certificate, holderName: name });

    // No empty box: the page never shows glyph 0 (.notdef).
    const codes = await shownGlyphCodes(bytes);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain(0);

    // The name's fonts are embedded as subsets, with a ToUnicode map.
    const embedded = await popplerFonts(bytes);
    expect(embedded.every((font) => font.embedded)).toBe(true);
    for (const pattern of fonts) {
      expect(embedded.find((font) => pattern.test(font.name) && font.subset && font.unicode)).toBeDefined();
    }

    // The text read back holds the name's characters. Devanagari comes back in visual order (the
    // vowel sign i before its consonant), so its characters are compared as a multiset.
    const text = await popplerText(bytes);
    const line = /certify that\s*\n(.*?)\n\s*has successfully/su.exec(text)?.[1] ?? '';
    expect(sortedCharacters(line)).toBe(sortedCharacters(name));
    if (!/\p{Script=Devanagari}/u.test(name)) expect(comparable(line)).toBe(comparable(name));
  });

  it('joins Arabic letters in their contextual forms, right to left', async () => {
    const face = await freshFace('arabic');
    const shaped = shapeText('عمر', [face]);
    const drawn = shaped.glyphs.map(({ glyph }) => glyph.id);
    const isolated = [...'عمر'].map((char) => face.glyphForCodePoint(char.codePointAt(0) ?? 0).id);
    // Leftmost glyph is the last letter (ر), rightmost the first (ع); none in its isolated form.
    expect(shaped.glyphs.map(({ glyph }) => String.fromCodePoint(...glyph.codePoints))).toEqual(['ر', 'م', 'ع']);
    for (const id of drawn) expect(isolated).not.toContain(id);
    expect(shaped.glyphs.map(({ x }) => x)).toEqual([...shaped.glyphs.map(({ x }) => x)].sort((a, b) => a - b));
  });

  it('orders mixed scripts by the bidi algorithm and positions Devanagari and Arabic marks', async () => {
    const [regular, arabic, devanagari] = await Promise.all([
      freshFace('regular'),
      freshFace('arabic'),
      freshFace('devanagari'),
    ]);
    // An Arabic name with a Latin part reads right to left: the Latin part is drawn on the left.
    const mixed = shapeText('عمر Smith', [regular, arabic]);
    const characters = mixed.glyphs.map(({ glyph }) => String.fromCodePoint(...glyph.codePoints)).join('');
    expect(characters.replace(/\s/gu, '')).toBe('Smithرمع');
    // Brackets in right-to-left text are mirrored: the opening one is drawn on the right as ")".
    const bracketed = shapeText('(عمر)', [regular, arabic]).glyphs.map(({ glyph }) => glyph.codePoints);
    expect([bracketed.at(0), bracketed.at(-1)]).toEqual([[0x28], [0x29]]);

    // कि: the vowel sign i is drawn before (left of) its consonant.
    const ki = shapeText('कि', [devanagari]);
    expect(ki.glyphs.map(({ glyph }) => glyph.codePoints)).toEqual([[0x93f], [0x915]]);

    // Marks have no advance: drawn at the pen they would sit beside their letter. GPOS anchors them
    // (x and y offsets): मु's vowel sign u under the म, مُ's damma over the meem.
    for (const [text, face, mark] of [
      ['कु', devanagari, 0x941],
      ['مُ', arabic, 0x64f],
    ] as const) {
      const shaped = shapeText(text, [face]);
      const placed = shaped.glyphs.find(({ glyph }) => glyph.codePoints.includes(mark));
      expect(placed).toBeDefined();
      expect([placed?.x, placed?.y]).not.toEqual([0, 0]);
      expect(placed?.x).toBeGreaterThan(0);
      expect(placed?.x).toBeLessThan(shaped.width);
    }
  });
});
