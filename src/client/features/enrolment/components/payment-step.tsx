import { Lock } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { toast } from '@client/lib/toast';
import { formatPence } from '@shared/money';
import { type CourseType, type PaymentType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';
import { usePublicConfig } from '@client/lib/public-config';
import { lineItems, PAYMENT_TYPE_LABELS, type LineItem } from '../lib/wizard';
import type { CardForm } from './card-form';
import { OfflineCardForm } from './offline-card-form';
import { PromoCodeField, usePromoCode } from './promo-code-field';
import { SquareCardForm } from './square-card-form';

/** How long after step 3 the card form opens (docs/product/enrolment.md). */
const CARD_FORM_DELAY_MS = 100;

/**
 * Step 4: order summary, the card form and the pay button. `onPay` gets the card token and
 * returns an error message to show beside the form when the payment did not go through.
 */
export function PaymentStep(props: {
  /** The student paying (null only before registration, when there is no step 4). */
  studentId: string | null;
  paymentType: PaymentType;
  course: CourseType | null;
  paying: boolean;
  error: string | null;
  onBack: () => void;
  /** Called only once the terms box is ticked: `termsAccepted` is always true. */
  onPay: (token: string, amountPence: number, termsAccepted: true) => void;
}) {
  const config = usePublicConfig();
  const [cardForm, setCardForm] = useState<CardForm | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const terms = useTermsConsent();
  const catalogue = useCatalogue();
  const promo = usePromoCode(props.studentId, props.paymentType, catalogue);
  const listed = catalogue ? lineItems(catalogue, props.paymentType, props.course) : [];
  const items = promo.quote
    ? [...listed, { label: `Promo code ${promo.quote.code}`, pence: -promo.quote.discount_pence }]
    : listed;
  const total = items.reduce((sum, item) => sum + item.pence, 0);

  const onInitError = useCallback(() => toast.error(messages.enrolment.paymentInitFailed), []);
  useEffect(() => {
    if (config.isError) onInitError();
  }, [config.isError, onInitError]);

  const pay = async () => {
    // Nothing is sent (not even the card details) until the student has agreed and asked for access.
    if (!terms.confirm()) return;
    if (!cardForm) {
      toast.error(messages.enrolment.paymentFormNotInitialized);
      return;
    }
    setTokenizing(true);
    try {
      const result = await cardForm.tokenize();
      if ('error' in result) {
        toast.error(result.error || messages.enrolment.cardTokenizationFailed);
        return;
      }
      props.onPay(result.token, total, true);
    } catch {
      toast.error(messages.enrolment.cardTokenizationFailed);
    } finally {
      setTokenizing(false);
    }
  };

  return (
    <div className="space-y-5">
      <h2 className="text-xl font-bold">Payment</h2>
      {catalogue ? (
        <OrderSummary paymentType={props.paymentType} items={items} total={total} />
      ) : (
        <Spinner label="Loading prices…" />
      )}
      {props.studentId && (
        <PromoCodeField
          studentId={props.studentId}
          paymentType={props.paymentType}
          quote={promo.quote}
          ready={promo.ready}
          disabled={props.paying || tokenizing}
          onQuote={promo.setQuote}
        />
      )}

      <section aria-label="Card payment" className="space-y-3">
        <CardFormSlot config={config} onReady={setCardForm} onInitError={onInitError} />
        {props.error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {props.error}
          </p>
        )}
      </section>

      <TermsConsent ref={terms.box} checked={terms.accepted} error={terms.error} onChange={terms.change} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={props.onBack} disabled={props.paying}>
          Back
        </Button>
        <Button
          variant="success"
          size="lg"
          onClick={pay}
          loading={props.paying || tokenizing}
          disabled={!catalogue}
          data-primary-action
        >
          <Lock className="size-4" aria-hidden />
          Pay {formatPence(total)}
        </Button>
      </div>
    </div>
  );
}

/** Step 4's box: ticked or not, the error shown when Pay is pressed without it. */
function useTermsConsent() {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  /** True when ticked; else shows the error on the box and moves focus to it. */
  const confirm = () => {
    if (accepted) return true;
    setError(messages.enrolment.termsRequired);
    box.current?.focus();
    return false;
  };
  const change = (checked: boolean) => {
    setAccepted(checked);
    if (checked) setError(null);
  };
  return { accepted, error, box, confirm, change };
}

/**
 * The terms of sale (a new tab, so the card form is not lost) and one unticked box: the student agrees
 * to them and expressly asks for access at once, acknowledging the loss of the 14-day right to cancel.
 */
function TermsConsent({
  ref,
  checked,
  error,
  onChange,
}: {
  ref: Ref<HTMLInputElement>;
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const t = messages.enrolment.termsConsent;
  return (
    <section aria-label={t.link} className="space-y-2 rounded-lg border border-slate-200 p-4">
      <p className="text-sm text-slate-700">
        {t.before}
        <a
          href={ROUTES.termsOfSale}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t.link} <span className="sr-only">{t.newTab}</span>
        </a>
        {t.after}
      </p>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t.checkbox}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}

function OrderSummary({ paymentType, items, total }: { paymentType: PaymentType; items: LineItem[]; total: number }) {
  return (
    <section aria-labelledby="order-summary" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="order-summary" className="font-semibold">
        Order Summary — {PAYMENT_TYPE_LABELS[paymentType]}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.label} className="flex justify-between py-2">
            <span>{item.label}</span>
            <span>{item.pence < 0 ? `−${formatPence(-item.pence)}` : formatPence(item.pence)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t-2 border-slate-300 pt-2 text-lg font-bold">
        <span>Total</span>
        <span data-testid="order-total">{formatPence(total)}</span>
      </p>
    </section>
  );
}

/** Square's card form (or the offline test form) once open, a spinner until then, or why it cannot open. */
function CardFormSlot({
  config,
  onReady,
  onInitError,
}: {
  config: ReturnType<typeof usePublicConfig>;
  onReady: (form: CardForm | null) => void;
  onInitError: () => void;
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), CARD_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const square = config.data?.square;
  if (!open || config.isPending) return <Spinner label="Opening the secure card form…" />;
  if (square?.environment === 'offline') return <OfflineCardForm onReady={onReady} />;
  if (square && square.application_id && square.location_id)
    return (
      <SquareCardForm
        environment={square.environment}
        applicationId={square.application_id}
        locationId={square.location_id}
        onReady={onReady}
        onError={onInitError}
      />
    );
  return <p className="text-sm text-red-700">{messages.enrolment.paymentInitFailed}</p>;
}
