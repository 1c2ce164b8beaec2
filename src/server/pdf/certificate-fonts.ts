/**
 * The certificate's font files, all OFL and installed from npm (never fetched at run time): EB Garamond
 * and Great Vibes set the certificate; the Noto faces are fallbacks for names in other scripts
 * (docs/decisions/031-certificate-fonts-for-every-script.md). Each file is read once per process, and
 * only when a certificate needs it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const FONT_FILES = {
  regular: fontFile('@expo-google-fonts/eb-garamond', '400Regular/EBGaramond_400Regular.ttf'),
  italic: fontFile('@expo-google-fonts/eb-garamond', '400Regular_Italic/EBGaramond_400Regular_Italic.ttf'),
  semibold: fontFile('@expo-google-fonts/eb-garamond', '600SemiBold/EBGaramond_600SemiBold.ttf'),
  script: fontFile('@expo-google-fonts/great-vibes', '400Regular/GreatVibes_400Regular.ttf'),
  arabic: fontFile('@expo-google-fonts/noto-naskh-arabic', '400Regular/NotoNaskhArabic_400Regular.ttf'),
  hebrew: fontFile('@expo-google-fonts/noto-serif-hebrew', '400Regular/NotoSerifHebrew_400Regular.ttf'),
  devanagari: fontFile('@expo-google-fonts/noto-serif-devanagari', '400Regular/NotoSerifDevanagari_400Regular.ttf'),
  chinese: fontFile('@expo-google-fonts/noto-serif-sc', '400Regular/NotoSerifSC_400Regular.ttf'),
  japanese: fontFile('@expo-google-fonts/noto-serif-jp', '400Regular/NotoSerifJP_400Regular.ttf'),
  korean: fontFile('@expo-google-fonts/noto-serif-kr', '400Regular/NotoSerifKR_400Regular.ttf'),
} as const;
export type FontName = keyof typeof FONT_FILES;

interface LoadedFont {
  /** The file, for PDFDocument.embedFont. */
  bytes: Uint8Array;
  /** The same file parsed by fontkit, kept for the process: which characters it has. */
  face: Font;
}

const loaded = new Map<FontName, Promise<LoadedFont>>();

export function loadFont(name: FontName): Promise<LoadedFont> {
  let font = loaded.get(name);
  if (!font) {
    font = readFile(FONT_FILES[name]).then((bytes) => ({ bytes, face: parse(name, bytes) }));
    font.catch(() => loaded.delete(name));
    loaded.set(name, font);
  }
  return font;
}

function parse(name: FontName, bytes: Uint8Array): Font {
  const face = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('layout' in face)) throw new Error(`${FONT_FILES[name]} is a font collection`);
  return face;
}

/**
 * A newly parsed face, to shape and subset one certificate's text. Not the kept one: fontkit keeps
 * each glyph with the characters it was first laid out from, and the PDF's text layer (ToUnicode)
 * is built from those, so a face shared between certificates could give a glyph another text's
 * characters.
 */
export async function freshFace(name: FontName): Promise<Font> {
  return parse(name, (await loadFont(name)).bytes);
}

/** Fallbacks for names, tried in this order after EB Garamond (which has Latin, Greek and Cyrillic). */
const FALLBACK_FONTS = ['arabic', 'hebrew', 'devanagari'] as const satisfies readonly FontName[];

/**
 * Han characters are shared by Chinese, Japanese and Korean but drawn differently: kana in the name
 * says Japanese, hangul says Korean, otherwise Chinese. The other two stay as later fallbacks.
 */
function hanFonts(text: string): FontName[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return ['japanese', 'chinese', 'korean'];
  if (/\p{Script=Hangul}/u.test(text)) return ['korean', 'chinese', 'japanese'];
  return ['chinese', 'japanese', 'korean'];
}

/** The fallback fonts `text` needs for the letters, digits and signs none of `faces` has, in the order tried. */
export async function fallbackFonts(text: string, faces: readonly Font[]): Promise<FontName[]> {
  const has = (face: Font, char: string) => face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  const chosen: FontName[] = [];
  const covering = [...faces];
  for (const fontName of [...FALLBACK_FONTS, ...hanFonts(text)]) {
    const missing = [...text].filter(
      (char) => /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(char) && !covering.some((face) => has(face, char)),
    );
    if (missing.length === 0) break;
    const { face } = await loadFont(fontName);
    if (missing.some((char) => has(face, char))) {
      chosen.push(fontName);
      covering.push(face);
    }
  }
  return chosen;
}
