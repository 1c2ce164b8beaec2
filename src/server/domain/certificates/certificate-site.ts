import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import type { CertificateSite } from '@server/pdf/certificate-document';
import { cpdProviderNumber } from '../settings/site-settings';
import { effectiveSettings } from '../settings/site-settings-store';

/** What certificates print from the settings in force (read per use, so a save applies at once). */
export async function certificateSite(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'cpdProviderNumber' | 'courseAccessUrls' | 'support'>,
): Promise<CertificateSite> {
  const settings = await effectiveSettings(db, config);
  return {
    publicUrl: config.publicUrl,
    cpdProviderNumber: cpdProviderNumber(settings),
    signatory: settings.certificateSignatory,
  };
}
