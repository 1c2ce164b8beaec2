/**
 * /verify/{id}, the page a certificate's QR code opens, arrives with its content like the other
 * public pages (docs/decisions/019): the build prerenders it once with a stand-in id
 * (VERIFY_TEMPLATE_ID), and here the id of the address takes its place, written as the page itself
 * shows it (decoded, trimmed, upper case) and escaped for HTML. The page then hydrates and asks the
 * API for the certificate, as before. For a well-formed id the page's head also preloads that answer,
 * so the browser asks for it with the page's scripts rather than after them (the result shows one
 * round trip sooner). Pages of well-formed ids are kept (up to 1,000), others made each time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CERTIFICATE_ID_PATTERN } from '@shared/codes';
import { VERIFY_TEMPLATE_FILE, VERIFY_TEMPLATE_ID } from '@shared/routes';
import { builtPage, type BuiltFile } from './built-files';

const CACHED_PAGES = 1000;

/** A well-formed id (letters, digits, a hyphen) needs no escaping in the address or the attribute. */
const verificationPreload = (certificateId: string) =>
  `<link rel="preload" href="/api/certificates/${certificateId}" as="fetch" crossorigin>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page for an id (the address's segment as Fastify decodes it), or undefined before a build. */
export function loadVerifyPages(clientDir: string): ((certificateId: string) => BuiltFile) | undefined {
  const file = path.join(clientDir, VERIFY_TEMPLATE_FILE);
  if (!existsSync(file)) return undefined;
  const parts = readFileSync(file, 'utf8').split(VERIFY_TEMPLATE_ID);
  const lastModified = statSync(file).mtime.toUTCString();
  const pages = new Map<string, BuiltFile>();
  return (certificateId) => {
    const shown = certificateId.trim().toUpperCase();
    const cached = pages.get(shown);
    if (cached) return cached;
    const wellFormed = CERTIFICATE_ID_PATTERN.test(shown);
    let html = parts.join(escapeHtml(shown));
    // The same request as the page's own (get-certificate-verification.ts), so the browser uses this answer.
    if (wellFormed) html = html.replace('<head>', `<head>\n    ${verificationPreload(shown)}`);
    const page = builtPage(Buffer.from(html), lastModified);
    if (wellFormed) {
      if (pages.size >= CACHED_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(shown, page);
    }
    return page;
  };
}
