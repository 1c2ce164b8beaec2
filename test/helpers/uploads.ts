/** The files an ID upload test sends: real images and documents, and multipart bodies for app.inject. */
import { PNG } from 'pngjs';

/** A real PNG image of the given size in pixels. */
export function pngBytes(width = 8, height = 8): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** The first bytes of a JPEG (JFIF) image, enough for type detection and storage. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
      0x00,
    ]),
    Buffer.alloc(200, 0x20),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** A ZIP archive (local file header), whatever it is called. */
export function zipBytes(): Buffer {
  return Buffer.concat([
    Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'),
    Buffer.from('mimetypeapplication/zip'),
    Buffer.alloc(100),
  ]);
}

const BOUNDARY = '----vbr-test-boundary-7d93';

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(
  content: Buffer,
  {
    field = 'file',
    filename = 'id.png',
    contentType = 'image/png',
  }: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The multipart envelope around a file that is produced piece by piece (for large uploads). */
export const multipartEnvelope = (filename = 'id.png', contentType = 'image/png') => ({
  head: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  ),
  tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
});
