/**
 * The badge image of a certificate's credential: an SVG drawn here and rendered to PNG by resvg
 * (docs/decisions/044-open-badges-credential.md), in EB Garamond from npm (no system fonts, so every
 * machine draws the same picture). It depends only on the course title, so each is rendered once.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { messages } from '@shared/messages';

const require = createRequire(import.meta.url);
const garamond = path.dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));
const FONT_FILES = [
  path.join(garamond, '400Regular/EBGaramond_400Regular.ttf'),
  path.join(garamond, '600SemiBold/EBGaramond_600SemiBold.ttf'),
];

export const BADGE_SIZE = 600;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The course title on at most two lines of about 18 characters. */
function titleLines(title: string): string[] {
  const words = title.split(/\s+/);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 18) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 2 ? [lines[0]!, lines.slice(1).join(' ')] : lines;
}

function badgeSvg(courseTitle: string): string {
  const lines = titleLines(courseTitle);
  const firstY = lines.length === 1 ? 330 : 305;
  const title = lines
    .map(
      (line, i) =>
        `<text x="300" y="${firstY + i * 56}" font-size="50" font-weight="600" fill="#1e293b">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_SIZE}" height="${BADGE_SIZE}" viewBox="0 0 600 600">
  <circle cx="300" cy="300" r="290" fill="#b45309"/>
  <circle cx="300" cy="300" r="262" fill="#fffbeb" stroke="#d97706" stroke-width="6"/>
  <g font-family="EB Garamond" text-anchor="middle">
    <text x="300" y="170" font-size="30" fill="#92400e">${escapeXml(messages.credentials.issuerName)}</text>
    ${title}
    <text x="300" y="455" font-size="28" fill="#92400e">${escapeXml(messages.credentials.badgeCaption)}</text>
  </g>
</svg>`;
}

const rendered = new Map<string, Buffer>();

export function renderBadgePng(courseTitle: string): Buffer {
  let png = rendered.get(courseTitle);
  if (!png) {
    const resvg = new Resvg(badgeSvg(courseTitle), {
      font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'EB Garamond' },
    });
    png = resvg.render().asPng();
    rendered.set(courseTitle, png);
  }
  return png;
}
