import { useId, useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { settingsUpdateBody, type Setting, type SettingsResponse } from '@shared/schemas/admin-school';
import { SETTING_KEYS, SETTING_LABELS, type SettingKey } from '@shared/site-settings';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { formatDate } from '@client/lib/format';
import { useSaveSettings, useSettings } from '../api/school';
import { ListState } from './list-parts';
import { SettingsWarnings } from './settings-warnings';
import { useCheckedSave } from './use-checked-save';

/** Each setting's input; `switch`: an on/off checkbox ('on' or 'off'; the default's value saves null). */
const INPUT_TYPES: Record<SettingKey, 'text' | 'url' | 'email' | 'switch'> = {
  cpd_provider_number: 'text',
  course_access_url_foundation: 'url',
  course_access_url_pro: 'url',
  support_email: 'email',
  support_hours: 'text',
  community_url: 'url',
  live_chat_url: 'url',
  sample_signups: 'switch',
  certificate_signatory_name: 'text',
  certificate_signatory_title: 'text',
  final_assessment_required: 'switch',
  reminders_enabled: 'switch',
  seller_name: 'text',
  seller_address: 'text',
  company_number: 'text',
  vat_number: 'text',
  vat_rate_percent: 'text',
};

type Values = Record<SettingKey, string>;

/**
 * The form's value of each setting: the saved one, or empty (the default applies, shown as the
 * placeholder); a switch holds the value in force ('on' or 'off').
 */
const savedValues = (settings: SettingsResponse['settings']): Values =>
  Object.fromEntries(
    SETTING_KEYS.map((key) => [
      key,
      INPUT_TYPES[key] === 'switch'
        ? settings[key].value === 'on'
          ? 'on'
          : 'off'
        : settings[key].saved
          ? (settings[key].value ?? '')
          : '',
    ]),
  ) as Values;

/**
 * What Save sends for a setting: null (the default) for an empty field or a switch at its default;
 * a switch whose default is on (reminders_enabled) saves 'off' when turned off.
 */
const toSave = (key: SettingKey, value: string, settings: SettingsResponse['settings']): string | null =>
  INPUT_TYPES[key] === 'switch'
    ? value === (settings[key].default ?? 'off')
      ? null
      : value
    : value.trim() === ''
      ? null
      : value;

/** The owner's settings: each with the environment's default as its placeholder; an empty field restores it. */
export function SettingsTab() {
  const settings = useSettings();
  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      <h2 id="settings-heading" className="text-xl font-semibold">
        Settings
      </h2>
      <p className="text-sm text-slate-700">
        What the site prints on certificates, invoices, in the student area, on the support page and in course emails. A
        saved value applies at once; an empty field uses the default shown in it.
      </p>
      <ListState
        isPending={settings.isPending}
        isError={settings.isError}
        isEmpty={false}
        empty=""
        onRetry={() => void settings.refetch()}
      >
        {settings.data && (
          <div className="space-y-4">
            <SettingsWarnings settings={settings.data.settings} />
            <SettingsForm key={JSON.stringify(savedValues(settings.data.settings))} settings={settings.data.settings} />
          </div>
        )}
      </ListState>
    </section>
  );
}

function SettingsForm({ settings }: { settings: SettingsResponse['settings'] }) {
  const [values, setValues] = useState<Values>(() => savedValues(settings));
  const { errors, check, save } = useCheckedSave();
  const saveSettings = useSaveSettings();

  function submit(body: Partial<Record<SettingKey, string | null>>, done: string) {
    if (!check(settingsUpdateBody.safeParse(body))) return;
    save(saveSettings.mutateAsync(body), { saved: done, failed: messages.admin.settingsSaveFailed });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(
      Object.fromEntries(SETTING_KEYS.map((key) => [key, toSave(key, values[key], settings)])),
      messages.admin.settingsSaved,
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {SETTING_KEYS.map((key) =>
        INPUT_TYPES[key] === 'switch' ? (
          <SwitchSetting
            key={key}
            name={key}
            checked={values[key] === 'on'}
            error={errors[key]}
            onChange={(on) => setValues((current) => ({ ...current, [key]: on ? 'on' : 'off' }))}
          />
        ) : (
          <div key={key} className="space-y-2">
            <Field
              label={SETTING_LABELS[key].label}
              name={key}
              type={INPUT_TYPES[key] as 'text' | 'url' | 'email'}
              value={values[key]}
              placeholder={settings[key].default ?? 'Not set'}
              hint={<SettingHint info={settings[key]} hint={SETTING_LABELS[key].hint} />}
              error={errors[key]}
              maxLength={500}
              onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
            />
            {settings[key].saved && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => submit({ [key]: null }, messages.admin.settingRestored)}
                disabled={saveSettings.isPending}
              >
                Restore default<span className="sr-only"> {SETTING_LABELS[key].label}</span>
              </Button>
            )}
          </div>
        ),
      )}
      <Button type="submit" loading={saveSettings.isPending}>
        Save settings
      </Button>
    </form>
  );
}

function SettingHint({ info, hint }: { info: Setting; hint: string }) {
  return (
    <>
      {hint}{' '}
      {info.saved
        ? `Saved${info.updated_by ? ` by ${info.updated_by}` : ''} on ${formatDate(info.updated_at)}; default: ${info.default ?? 'not set'}.`
        : 'Using the default.'}
    </>
  );
}

/** An on/off setting as a labelled checkbox, with its hint. */
function SwitchSetting({
  name,
  checked,
  error,
  onChange,
}: {
  name: SettingKey;
  checked: boolean;
  error: string | undefined;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={checked}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {SETTING_LABELS[name].label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {SETTING_LABELS[name].hint}
          </p>
        </div>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
