import { useEffect, useRef } from 'react';
import { Field } from '@client/components/ui/field';
import { tokenizeTestCard } from '../lib/test-cards';
import type { CardForm } from './card-form';

/**
 * Offline mode: the project's own card form. It never sends card details anywhere; it turns
 * Square's sandbox test cards into Square's sandbox test tokens in the browser.
 */
export function OfflineCardForm({ onReady }: { onReady: (form: CardForm | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    onReady({
      tokenize: async () => {
        const data = new FormData(formRef.current ?? undefined);
        const read = (name: string) => String(data.get(name) ?? '');
        return tokenizeTestCard({
          number: read('card-number'),
          expiry: read('card-expiry'),
          cvv: read('card-cvv'),
          postcode: read('card-postcode'),
        });
      },
    });
    return () => onReady(null);
  }, [onReady]);

  return (
    <form ref={formRef} onSubmit={(event) => event.preventDefault()} aria-label="Card details" className="space-y-3">
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        Test mode: no real card is charged. Use Square&apos;s sandbox test card 4111 1111 1111 1111 with any future
        expiry, any CVV and any postcode.
      </p>
      <Field
        label="Card number"
        name="card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4111 1111 1111 1111"
        required
      />
      {/* Phones: expiry and CVV side by side, the postcode on its own line (no wrapped labels, nothing clipped). */}
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
        <Field
          label="Expiry (MM/YY)"
          name="card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          required
        />
        <Field label="CVV" name="card-cvv" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />
        <Field
          label="Postcode"
          name="card-postcode"
          autoComplete="postal-code"
          placeholder="SW1A 1AA"
          required
          className="col-span-2 sm:col-span-1"
        />
      </div>
    </form>
  );
}
