import QRCode from 'qrcode';

/**
 * The verification QR code as a PNG. Error correction level M survives a print smudge; the quiet
 * zone (margin) of 2 modules is enough on the certificate's plain background.
 */
export function certificateQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 8,
    color: { dark: '#1c2a54', light: '#ffffff' },
  });
}

export async function certificateQrDataUrl(url: string): Promise<string> {
  return `data:image/png;base64,${(await certificateQrPng(url)).toString('base64')}`;
}
