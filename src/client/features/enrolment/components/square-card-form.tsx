import { useEffect } from 'react';
import { messages } from '@shared/messages';
import type { CardForm } from './card-form';

interface SquareCard {
  attach(selector: string): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: Array<{ message?: string }> }>;
  destroy(): Promise<void>;
}
interface SquarePayments {
  card(): Promise<SquareCard>;
}
declare global {
  interface Window {
    Square?: { payments(applicationId: string, locationId: string): SquarePayments };
  }
}

const SDK_URL = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

function loadSdk(environment: 'sandbox' | 'production'): Promise<void> {
  if (window.Square) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL[environment];
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Square SDK failed to load'));
    document.head.append(script);
  });
}

/** Sandbox/production: Square's Web Payments SDK card form, attached to the card container. */
export function SquareCardForm(props: {
  environment: 'sandbox' | 'production';
  applicationId: string;
  locationId: string;
  onReady: (form: CardForm | null) => void;
  onError: () => void;
}) {
  const { environment, applicationId, locationId, onReady, onError } = props;
  useEffect(() => {
    let card: SquareCard | null = null;
    let cancelled = false;
    (async () => {
      try {
        await loadSdk(environment);
        if (!window.Square) throw new Error('Square SDK missing');
        card = await window.Square.payments(applicationId, locationId).card();
        if (cancelled) return;
        await card.attach('#card-container');
        const attached = card;
        onReady({
          tokenize: async () => {
            const result = await attached.tokenize();
            if (result.status === 'OK' && result.token) return { token: result.token };
            return { error: result.errors?.[0]?.message ?? messages.enrolment.cardTokenizationFailed };
          },
        });
      } catch {
        if (!cancelled) onError();
      }
    })();
    return () => {
      cancelled = true;
      onReady(null);
      void card?.destroy();
    };
  }, [environment, applicationId, locationId, onReady, onError]);

  return <div id="card-container" className="min-h-24" aria-label="Card details" />;
}
