/**
 * The certificate's text, in any script (the holder's name can be in any): split into runs by bidi
 * level and by the first font that has the glyphs, each run shaped by fontkit (OpenType GSUB and
 * GPOS: Arabic joining forms, Devanagari conjuncts and marks), runs put in visual order with
 * bidi-js, and every glyph drawn at the position fontkit computed, from a subset of its font embedded
 * once per PDF. pdf-lib's drawText cannot do this: it advances by each glyph's own width (mark and
 * kerning positions are lost), knows nothing of bidi, and its bundled fontkit writes broken subsets
 * of these fonts and cannot shape Devanagari. See docs/decisions/031-certificate-fonts-for-every-script.md.
 */
import { createHash } from 'node:crypto';
import bidiFactory from 'bidi-js';
import type { Font, Glyph } from 'fontkit';
import {
  PDFHexString,
  PDFString,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextMatrix,
  showText,
  type PDFDocument,
  type PDFName,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';

const bidi = bidiFactory();

interface PlacedGlyph {
  face: Font;
  glyph: Glyph;
  /** Origin of the glyph, in ems from the start of the text and from the baseline. */
  x: number;
  y: number;
}

interface ShapedText {
  /** Advance width in ems. */
  width: number;
  glyphs: PlacedGlyph[];
}

/** Joiners, bidi controls, variation selectors: fontkit draws them as nothing, so no font needs a glyph. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Spaces, punctuation, digits, combining marks: they keep the font of the text before them. */
const NO_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

function covers(face: Font, cluster: string): boolean {
  return [...cluster].every((char) => IGNORABLE.test(char) || face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));
}

interface Run {
  face: Font;
  text: string;
  /** Index of the run's first UTF-16 unit in the whole text. */
  start: number;
  rtl: boolean;
}

/**
 * Logical runs: a new one wherever the font or the bidi level changes. Each grapheme cluster takes
 * the first of `faces` that has all its glyphs (the first font when none has). Right-to-left
 * brackets and the like are replaced by their mirror images (bidi rule L4), as fontkit does not.
 */
function logicalRuns(text: string, faces: readonly Font[]): Run[] {
  const embedding = bidi.getEmbeddingLevels(text, 'auto');
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const runs: Run[] = [];
  let previous: Font | undefined;
  for (const { segment: logical, index } of graphemes.segment(text)) {
    // Mirrored characters are all in the BMP, one UTF-16 unit each.
    const segment = logical
      .split('')
      .map((unit, i) => mirrored.get(index + i) ?? unit)
      .join('');
    const face =
      (NO_SCRIPT.test(segment) && previous && covers(previous, segment) ? previous : undefined) ??
      faces.find((candidate) => covers(candidate, segment)) ??
      faces[0];
    if (!face) throw new Error('shapeText needs at least one font');
    const rtl = (embedding.levels[index] ?? 0) % 2 === 1;
    const last = runs.at(-1);
    if (last && last.face === face && last.rtl === rtl) last.text += segment;
    else runs.push({ face, text: segment, start: index, rtl });
    previous = face;
  }
  return runs;
}

/** The runs in the order they appear from left to right (Unicode bidi algorithm, rule L2). */
function visualOrder(text: string, runs: Run[]): Run[] {
  const visual = bidi.getReorderedIndices(text, bidi.getEmbeddingLevels(text, 'auto'));
  const position = new Map<number, number>();
  visual.forEach((logical, at) => position.set(logical, at));
  // A run's units stay together when reordered, so its first unit tells where the run goes.
  return [...runs].sort((a, b) => (position.get(a.start) ?? 0) - (position.get(b.start) ?? 0));
}

/** Lays `text` out in `faces` (first choice first). Widths and positions are in ems. */
export function shapeText(text: string, faces: readonly Font[]): ShapedText {
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of visualOrder(text, logicalRuns(text, faces))) {
    // With the direction given, fontkit returns a right-to-left run's glyphs in visual order.
    const layout = run.face.layout(run.text, undefined, undefined, undefined, run.rtl ? 'rtl' : 'ltr');
    const em = run.face.unitsPerEm;
    layout.glyphs.forEach((glyph, i) => {
      const position = layout.positions[i];
      if (!position) return;
      glyphs.push({ face: run.face, glyph, x: pen + position.xOffset / em, y: position.yOffset / em });
      pen += position.xAdvance / em;
    });
  }
  return { width: pen, glyphs };
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');
const utf16Hex = (text: string) =>
  [...text]
    .flatMap((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x10000) return [code];
      return [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)];
    })
    .map(hex4)
    .join('');

/** The ToUnicode CMap: which characters each glyph stands for, so the text can be copied and searched. */
function toUnicodeCmap(entries: [code: number, text: string][]): string {
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([code, text]) => `<${hex4(code)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

interface FontSubset {
  /** Reserved when the font is first drawn; the font is written there by `embed`. */
  ref: PDFRef;
  /** Glyph id in the font → glyph id in the subset, which is also its code in the PDF (Identity-H). */
  codes: Map<number, number>;
  glyphs: Glyph[];
  keys: Map<PDFPage, PDFName>;
}

/**
 * The fonts of one PDF: a TrueType subset of each face, holding the glyphs drawn from it, written
 * once by `embed` after the last text is drawn. Each is a Type 0 font with Identity-H encoding and a
 * ToUnicode map built from the characters each glyph was shaped from (so Arabic joining forms and
 * ligatures still read as their letters when copied).
 */
export class PdfFonts {
  private readonly subsets = new Map<Font, FontSubset>();

  constructor(private readonly pdf: PDFDocument) {}

  /** The resource name of `face` on `page`, and the PDF code of each glyph (added to the subset). */
  use(page: PDFPage, face: Font, glyphs: Glyph[]): { key: PDFName; codes: Map<number, number> } {
    let subset = this.subsets.get(face);
    if (!subset) {
      // fontkit's subsets start with .notdef and number glyphs in the order they are included.
      subset = { ref: this.pdf.context.nextRef(), codes: new Map([[0, 0]]), glyphs: [], keys: new Map() };
      this.subsets.set(face, subset);
    }
    for (const glyph of glyphs) {
      if (subset.codes.has(glyph.id)) continue;
      subset.codes.set(glyph.id, subset.codes.size);
      subset.glyphs.push(glyph);
    }
    let key = subset.keys.get(page);
    if (!key) {
      key = page.node.newFontDictionary(face.postscriptName, subset.ref);
      subset.keys.set(page, key);
    }
    return { key, codes: subset.codes };
  }

  /** Writes every font into the PDF: once, after the last text is drawn. */
  embed(): void {
    for (const [face, subset] of this.subsets) this.embedSubset(face, subset);
  }

  private embedSubset(face: Font, { ref, codes, glyphs }: FontSubset): void {
    const fontkitSubset = face.createSubset();
    const scale = 1000 / face.unitsPerEm;
    const widths: number[] = [0];
    const unicode: [number, string][] = [];
    for (const glyph of glyphs) {
      fontkitSubset.includeGlyph(glyph);
      const code = codes.get(glyph.id) ?? 0;
      widths.push(Math.round(glyph.advanceWidth * scale));
      if (glyph.codePoints.length > 0) unicode.push([code, String.fromCodePoint(...glyph.codePoints)]);
    }
    const bytes = fontkitSubset.encode();
    const { context } = this.pdf;
    // A subset's name starts with six capital letters naming the subset (ISO 32000-1, 9.6.4).
    const digest = createHash('sha256')
      .update(`${face.postscriptName} ${[...codes.keys()].join(' ')}`)
      .digest();
    const tag = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
    const baseFont = `${tag}+${face.postscriptName}`;
    const fontFile = context.register(context.flateStream(bytes, { Length1: bytes.length }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 4, // symbolic: glyphs are addressed by id, not by a standard encoding
        FontBBox: [face.bbox.minX, face.bbox.minY, face.bbox.maxX, face.bbox.maxY].map((v) => Math.round(v * scale)),
        ItalicAngle: face.italicAngle,
        Ascent: Math.round(face.ascent * scale),
        Descent: Math.round(face.descent * scale),
        CapHeight: Math.round((face.capHeight || face.ascent) * scale),
        StemV: 0,
        FontFile2: fontFile,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [0, widths],
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicode = context.register(context.flateStream(toUnicodeCmap(unicode)));
    context.assign(
      ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

export interface DrawOptions {
  size: number;
  color: RGB;
  /** Counter-clockwise, about the start of the baseline. */
  rotateDegrees?: number;
  opacity?: number;
}

/** Draws shaped text with the left end of its baseline at (`x`, `y`) in PDF coordinates. */
export function drawShapedText(
  fonts: PdfFonts,
  page: PDFPage,
  shaped: ShapedText,
  x: number,
  y: number,
  { size, color, rotateDegrees = 0, opacity }: DrawOptions,
): void {
  const byFace = new Map<Font, Glyph[]>();
  for (const { face, glyph } of shaped.glyphs) byFace.set(face, [...(byFace.get(face) ?? []), glyph]);
  const used = new Map([...byFace].map(([face, glyphs]) => [face, fonts.use(page, face, glyphs)]));
  const operators = [pushGraphicsState(), setFillingColor(color)];
  if (opacity !== undefined) {
    const state = page.node.newExtGState('GS', page.doc.context.obj({ Type: 'ExtGState', ca: opacity }));
    operators.push(setGraphicsState(state));
  }
  operators.push(beginText());
  const angle = (rotateDegrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let current: Font | undefined;
  for (const { face, glyph, x: dx, y: dy } of shaped.glyphs) {
    const font = used.get(face);
    if (!font) continue;
    if (face !== current) {
      current = face;
      operators.push(setFontAndSize(font.key, size));
    }
    const [gx, gy] = [dx * size, dy * size];
    operators.push(
      setTextMatrix(cos, sin, -sin, cos, x + gx * cos - gy * sin, y + gx * sin + gy * cos),
      showText(PDFHexString.of(hex4(font.codes.get(glyph.id) ?? 0))),
    );
  }
  operators.push(endText(), popGraphicsState());
  page.pushOperators(...operators);
}
