import { useEffect, useState } from 'react';
import { errorDetail } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import type { Catalogue, PaymentType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { PromoQuote } from '@shared/schemas/promo-codes';
import { applyPromo } from '../api/apply-promo';

const m = messages.promo;

/**
 * The order summary's promo code: Apply asks the server what the payment costs with it (the discount
 * shows before paying); Remove goes back to the full price. The step starts without a code, so what it
 * shows is what is charged (a code kept from an earlier visit is removed when the step opens). When
 * the prices change (read again after a 409), a kept code's discount is asked for again on them.
 */
export function usePromoCode(studentId: string | null, paymentType: PaymentType, catalogue: Catalogue | undefined) {
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const [ready, setReady] = useState(studentId === null);
  useEffect(() => {
    if (!studentId) return;
    let current = true;
    applyPromo(studentId, null, paymentType)
      .catch(() => undefined)
      .finally(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [studentId, paymentType]);
  useEffect(() => {
    if (!catalogue || !quote?.code || !studentId) return;
    let current = true;
    applyPromo(studentId, quote.code, paymentType)
      .then((fresh) => current && fresh.total_pence !== quote.total_pence && setQuote(fresh))
      .catch(() => current && setQuote(null));
    return () => {
      current = false;
    };
    // Only new prices ask again; the quote itself changing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalogue]);
  return { quote: quote?.code ? quote : null, setQuote, ready };
}

export function PromoCodeField(props: {
  studentId: string;
  paymentType: PaymentType;
  quote: PromoQuote | null;
  ready: boolean;
  disabled: boolean;
  onQuote: (quote: PromoQuote | null) => void;
}) {
  // Closed until asked for: most students have no code, and the step keeps its fields few.
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async (value: string | null) => {
    setBusy(true);
    setError(undefined);
    try {
      const quote = await applyPromo(props.studentId, value, props.paymentType);
      props.onQuote(value ? quote : null);
      toast.success(value ? m.applied : m.removed);
      if (!value) setCode('');
    } catch (failure) {
      setError(errorDetail(failure, m.unknown));
    } finally {
      setBusy(false);
    }
  };

  if (props.quote)
    return (
      <AppliedPromo
        code={props.quote.code ?? ''}
        busy={busy}
        disabled={props.disabled}
        onRemove={() => void send(null)}
      />
    );
  if (!open)
    return (
      <button
        type="button"
        className="text-sm font-medium text-brand-700 underline underline-offset-2"
        onClick={() => setOpen(true)}
      >
        Have a promo code?
      </button>
    );
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) setError(m.codeInvalid);
        else void send(code.trim());
      }}
    >
      <div className="flex-1">
        <Field
          label="Promo code"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          autoFocus
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        className="sm:mt-7"
        loading={busy}
        disabled={!props.ready || props.disabled}
      >
        Apply
      </Button>
    </form>
  );
}

function AppliedPromo(props: { code: string; busy: boolean; disabled: boolean; onRemove: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <span>
        Promo code <strong>{props.code}</strong> applied
      </span>
      <Button variant="outline" size="sm" onClick={props.onRemove} loading={props.busy} disabled={props.disabled}>
        Remove
      </Button>
    </div>
  );
}
