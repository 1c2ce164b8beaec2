/**
 * The school's settings in force: a value an owner saved (table site_settings) or else the
 * environment's default (config). Read from the database on every use, one small query, so a save on
 * one process applies at once on every other; nothing is cached. Every place that prints one of these
 * values reads it through `effectiveSettings` (or `getSetting`).
 */
import { eq, inArray } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import { DEFAULT_SIGNATORY_TITLE, type CertificateSignatory } from '@shared/certificate-signatory';
import { DEFAULT_SELLER_NAME, DEFAULT_VAT_RATE_PERCENT, SETTING_KEYS, type SettingKey } from '@shared/site-settings';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { admins, siteSettings } from '@server/db/schema';
import type { AdminActor } from '../actor';
import type { InvoiceSeller } from '@shared/invoices';
import { writeAudit } from '../audit/write-audit';

/** What the environment gives each setting. */
type SettingsConfig = Pick<Config, 'cpdProviderNumber' | 'courseAccessUrls' | 'support'>;

/** The settings in force, in the shape the places that print them take. */
export interface SiteSettings {
  cpdProviderNumber: Config['cpdProviderNumber'];
  courseAccessUrls: Partial<Record<CourseType, string>>;
  supportEmail: string;
  supportHours: string;
  communityUrl: string;
  /** Null: the site offers no live chat. */
  liveChatUrl: string | null;
  /** Whether the recent sign-ups widget may show invented examples (each marked as one). */
  sampleSignups: boolean;
  /** Printed on certificates: the name (null: none printed) and title above the signature line. */
  certificateSignatory: CertificateSignatory;
  /** Whether the last stage needs a passed final piece before a certificate can be requested. */
  finalAssessmentRequired: boolean;
  /** Whether the reminders job writes to registrations that have not paid (jobs/reminders.ts). */
  remindersEnabled: boolean;
}

/** The seller printed on invoices: settings without an environment default. */
const SELLER_DEFAULTS = {
  seller_name: DEFAULT_SELLER_NAME,
  seller_address: null,
  company_number: null,
  vat_number: null,
  vat_rate_percent: DEFAULT_VAT_RATE_PERCENT,
} as const satisfies Partial<Record<SettingKey, string | null>>;
type SellerKey = keyof typeof SELLER_DEFAULTS;

/** The environment's value of each setting (null: none). */
export function settingDefaults(config: SettingsConfig): Record<SettingKey, string | null> {
  return {
    cpd_provider_number: config.cpdProviderNumber ?? null,
    course_access_url_foundation: config.courseAccessUrls.foundation ?? null,
    course_access_url_pro: config.courseAccessUrls.pro ?? null,
    support_email: config.support.email,
    support_hours: config.support.hours,
    community_url: config.support.communityUrl,
    live_chat_url: null,
    sample_signups: 'off',
    certificate_signatory_name: null,
    certificate_signatory_title: DEFAULT_SIGNATORY_TITLE,
    final_assessment_required: 'off',
    reminders_enabled: 'on',
    ...SELLER_DEFAULTS,
  };
}

export interface SavedSetting {
  key: SettingKey;
  value: string;
  updatedAt: Date;
  updatedBy: string | null;
}

async function savedSettings(db: Db): Promise<SavedSetting[]> {
  return db
    .select({
      key: siteSettings.key,
      value: siteSettings.value,
      updatedAt: siteSettings.updatedAt,
      updatedBy: admins.username,
    })
    .from(siteSettings)
    .leftJoin(admins, eq(admins.id, siteSettings.updatedBy));
}

/** One setting in force: the saved value, else the environment's. */
export async function getSetting(db: Db, config: SettingsConfig, key: SettingKey): Promise<string | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
    .limit(1);
  return row?.value ?? settingDefaults(config)[key];
}

/** Every setting in force (one query). */
export async function effectiveSettings(db: Db, config: SettingsConfig): Promise<SiteSettings> {
  const values = settingDefaults(config);
  for (const row of await savedSettings(db)) values[row.key] = row.value;
  const courseAccessUrls: SiteSettings['courseAccessUrls'] = {};
  if (values.course_access_url_foundation) courseAccessUrls.foundation = values.course_access_url_foundation;
  if (values.course_access_url_pro) courseAccessUrls.pro = values.course_access_url_pro;
  return {
    // Never null in the environment's own default, so a saved one is never null either.
    cpdProviderNumber: (values.cpd_provider_number ?? config.cpdProviderNumber) as Config['cpdProviderNumber'],
    courseAccessUrls,
    supportEmail: values.support_email ?? config.support.email,
    supportHours: values.support_hours ?? config.support.hours,
    communityUrl: values.community_url ?? config.support.communityUrl,
    liveChatUrl: values.live_chat_url,
    sampleSignups: values.sample_signups === 'on',
    certificateSignatory: {
      name: values.certificate_signatory_name,
      title: values.certificate_signatory_title ?? DEFAULT_SIGNATORY_TITLE,
    },
    finalAssessmentRequired: values.final_assessment_required === 'on',
    remindersEnabled: values.reminders_enabled !== 'off',
  };
}

/**
 * The seller printed on an invoice issued now (Settings; none of these has an environment default),
 * read in the caller's transaction.
 */
export async function sellerSettings(db: Db): Promise<InvoiceSeller> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(SELLER_DEFAULTS) as SellerKey[]));
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const value = <K extends SellerKey>(key: K): string | (typeof SELLER_DEFAULTS)[K] =>
    saved.get(key) ?? SELLER_DEFAULTS[key];
  return {
    name: value('seller_name'),
    address: value('seller_address'),
    companyNumber: value('company_number'),
    vatNumber: value('vat_number'),
    vatRatePercent: Number(value('vat_rate_percent')),
  };
}

/** What the admin's Settings view shows of each setting: the value in force, the default, and whether it is saved. */
export interface SettingView {
  key: SettingKey;
  value: string | null;
  defaultValue: string | null;
  saved: SavedSetting | null;
}

export async function describeSettings(db: Db, config: SettingsConfig): Promise<SettingView[]> {
  const defaults = settingDefaults(config);
  const saved = new Map((await savedSettings(db)).map((row) => [row.key, row]));
  return SETTING_KEYS.map((key) => {
    const row = saved.get(key) ?? null;
    return { key, value: row?.value ?? defaults[key], defaultValue: defaults[key], saved: row };
  });
}

/**
 * Saves the given settings (null: back to the environment's default) at `now` in one transaction, with
 * one audit entry naming each change (old and new value).
 */
export async function updateSettings(
  db: Db,
  admin: AdminActor,
  config: SettingsConfig,
  changes: Partial<Record<SettingKey, string | null>>,
  now: Date,
): Promise<SettingView[]> {
  const keys = SETTING_KEYS.filter((key) => changes[key] !== undefined);
  await db.transaction(async (tx) => {
    const before = new Map(
      (
        await tx
          .select({ key: siteSettings.key, value: siteSettings.value })
          .from(siteSettings)
          .where(inArray(siteSettings.key, keys))
          .for('update')
      ).map((row) => [row.key, row.value]),
    );
    const changed: Record<string, { from: string | null; to: string | null }> = {};
    for (const key of keys) {
      const value = changes[key] ?? null;
      const old = before.get(key) ?? null;
      if (value === old) continue;
      changed[key] = { from: old, to: value };
      if (value === null) {
        await tx.delete(siteSettings).where(eq(siteSettings.key, key));
      } else {
        await tx
          .insert(siteSettings)
          .values({ key, value, updatedBy: admin.adminId, updatedAt: now })
          .onConflictDoUpdate({
            target: siteSettings.key,
            set: { value, updatedBy: admin.adminId, updatedAt: now },
          });
      }
    }
    if (Object.keys(changed).length > 0) await writeAudit(tx, admin, { action: 'settings.updated', details: changed });
  });
  return describeSettings(db, config);
}
