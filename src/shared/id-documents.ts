/** ID document upload limits (docs/product/student-area.md), used by the browser check and the server. */
export const ID_UPLOAD_MAX_BYTES = 10_485_760;
export const ID_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type IdUploadType = (typeof ID_UPLOAD_TYPES)[number];
export const ID_UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf';

/** The extension a stored document gets for its detected type. */
export const ID_UPLOAD_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
} as const satisfies Record<IdUploadType, string>;
