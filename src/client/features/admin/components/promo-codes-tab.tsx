import { useId, useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { formatPence, poundsToPence } from '@shared/money';
import type { PromoTarget } from '@shared/promo';
import { createPromoCodeBody, type PromoCodeItem } from '@shared/schemas/promo-codes';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field, inputClasses } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useIsOwner } from '../api/admin-me';
import { useCreatePromoCode, usePromoCodes, useSetPromoCodeActive } from '../api/promo-codes';
import { DataTable, type Column } from './data-table';

const m = messages.promo;
const TARGET_LABELS: Record<PromoTarget, string> = {
  fee: 'Enrollment fee',
  course: 'Course',
  both: 'Fee and course',
};

const discountText = (p: PromoCodeItem) =>
  p.percent_off !== null ? `${p.percent_off}% off` : `${formatPence(p.amount_off_pence ?? 0)} off`;

function state(p: PromoCodeItem) {
  if (!p.active) return <Badge tone="red">Stopped</Badge>;
  if (p.expires_at && new Date(p.expires_at) <= new Date()) return <Badge tone="amber">Expired</Badge>;
  if (p.max_redemptions !== null && p.redemptions >= p.max_redemptions) return <Badge tone="amber">Used up</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** Promo codes: every admin sees them and their uses; owners create them and stop or restart them. */
export function PromoCodesTab() {
  const codes = usePromoCodes();
  const isOwner = useIsOwner();
  const setActive = useSetPromoCodeActive();
  const [toggleFor, setToggleFor] = useState<PromoCodeItem | null>(null);

  const onToggle = () =>
    toggleFor &&
    setActive.mutate(
      { code: toggleFor.code, active: !toggleFor.active },
      {
        onSuccess: (_, { active }) => toast.success(active ? m.restartedToast : m.stoppedToast),
        onError: (error) => toast.error(errorDetail(error, m.notFound)),
        onSettled: () => setToggleFor(null),
      },
    );

  const columns: Array<Column<PromoCodeItem>> = [
    { header: 'Code', card: 'title', cell: (p) => <span className="font-mono font-semibold">{p.code}</span> },
    { header: 'Discount', cell: (p) => `${discountText(p)} · ${TARGET_LABELS[p.applies_to]}` },
    {
      header: 'Uses',
      cell: (p) => (p.max_redemptions === null ? `${p.redemptions}` : `${p.redemptions} of ${p.max_redemptions}`),
    },
    { header: 'Expires', cell: (p) => (p.expires_at ? formatDate(p.expires_at) : 'Never') },
    { header: 'State', cell: state },
  ];
  if (isOwner)
    columns.push({
      header: 'Actions',
      card: 'actions',
      cell: (p) => (
        <Button size="sm" variant={p.active ? 'danger' : 'outline'} onClick={() => setToggleFor(p)}>
          {p.active ? 'Stop' : 'Offer again'}
          <span className="sr-only"> {p.code}</span>
        </Button>
      ),
    });

  return (
    <DataTable
      heading="Promo codes"
      toolbar={isOwner ? <CreatePromoCodeForm /> : undefined}
      query={codes}
      empty="No promo codes yet."
      columns={columns}
      rows={codes.data?.promo_codes ?? []}
      rowKey={(p) => p.code}
      rowTestId="promo-code-row"
      cardsOnPhones
      after={
        <ConfirmDialog
          open={toggleFor !== null}
          onOpenChange={(open) => !open && setToggleFor(null)}
          title={toggleFor?.active ? 'Stop promo code' : 'Offer promo code again'}
          description={
            toggleFor?.active
              ? `Stop ${toggleFor.code}? Nobody can use it from now on; payments already made keep their discount.`
              : `Offer ${toggleFor?.code ?? ''} again? Students can use it again until it expires or is used up.`
          }
          confirmLabel={toggleFor?.active ? 'Stop' : 'Offer again'}
          tone={toggleFor?.active ? 'danger' : 'primary'}
          loading={setActive.isPending}
          onConfirm={onToggle}
        />
      }
    />
  );
}

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  appliesTo: PromoTarget;
  expires: string;
  maxUses: string;
}
const EMPTY: Draft = { code: '', kind: 'percent', value: '', appliesTo: 'both', expires: '', maxUses: '' };

/** The draft as the API's body: the amount in pounds becomes pence; an expiry date ends at midnight UK time. */
function toBody(draft: Draft) {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    code: draft.code,
    percent_off: draft.kind === 'percent' ? number(draft.value) : null,
    amount_off_pence: draft.kind === 'amount' && draft.value.trim() !== '' ? poundsToPence(Number(draft.value)) : null,
    applies_to: draft.appliesTo,
    expires_at: draft.expires ? new Date(`${draft.expires}T23:59:59`).toISOString() : null,
    max_redemptions: number(draft.maxUses),
  };
}

function CreatePromoCodeForm() {
  const create = useCreatePromoCode();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = createPromoCodeBody.safeParse(toBody(draft));
    if (!checked.success) {
      const issue = (...fields: string[]) =>
        checked.error.issues.find((i) => fields.includes(String(i.path[0] ?? '')))?.message;
      setErrors({
        code: issue('code'),
        value: issue('percent_off', 'amount_off_pence', ''),
        expires: issue('expires_at'),
        maxUses: issue('max_redemptions'),
      });
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: () => {
        toast.success(m.created);
        setDraft(EMPTY);
      },
      onError: (error) => toast.error(errorDetail(error, m.exists)),
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Create a promo code"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field
        label="Code"
        required
        value={draft.code}
        error={errors.code}
        hint="e.g. SPRING25"
        autoComplete="off"
        onChange={(e) => set({ code: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-900">
            Discount type
          </label>
          <select
            id={`${id}-kind`}
            className={inputClasses}
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            <option value="percent">Percent off</option>
            <option value="amount">Pounds off</option>
          </select>
        </div>
        <Field
          label={draft.kind === 'percent' ? 'Percent off' : 'Pounds off'}
          type="number"
          inputMode="decimal"
          min={draft.kind === 'percent' ? 1 : 0.01}
          step={draft.kind === 'percent' ? 1 : 0.01}
          required
          value={draft.value}
          error={errors.value}
          onChange={(e) => set({ value: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-target`} className="block text-sm font-medium text-slate-900">
          Applies to
        </label>
        <select
          id={`${id}-target`}
          className={inputClasses}
          value={draft.appliesTo}
          onChange={(e) => set({ appliesTo: e.target.value as PromoTarget })}
        >
          {(Object.keys(TARGET_LABELS) as PromoTarget[]).map((target) => (
            <option key={target} value={target}>
              {TARGET_LABELS[target]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Expires after"
        type="date"
        hint="Empty: never"
        value={draft.expires}
        error={errors.expires}
        onChange={(e) => set({ expires: e.target.value })}
      />
      <Field
        label="Maximum uses"
        type="number"
        inputMode="numeric"
        min={1}
        hint="Empty: no limit"
        value={draft.maxUses}
        error={errors.maxUses}
        onChange={(e) => set({ maxUses: e.target.value })}
      />
      <Button type="submit" loading={create.isPending} className="self-end">
        Create promo code
      </Button>
    </form>
  );
}
