/**
 * Who signs the certificates (owner's settings certificate_signatory_name and _title): printed on the
 * PDF and the demo, and shown in the student's certificate details.
 */
export interface CertificateSignatory {
  /** Null: no name is set, so nothing pretends to be a signature; only the title is printed. */
  name: string | null;
  title: string;
}

/** The signatory's title while the owner has saved none. */
export const DEFAULT_SIGNATORY_TITLE = 'Programme Director';

/** "Jane Smith, Programme Director", or the title alone without a name. */
export function signatoryLine(signatory: CertificateSignatory): string {
  return signatory.name ? `${signatory.name}, ${signatory.title}` : signatory.title;
}
