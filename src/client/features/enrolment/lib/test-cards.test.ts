import { describe, expect, it } from 'vitest';
import { tokenizeTestCard } from './test-cards';

const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', postcode: 'SW1A 1AA' };

describe("the offline card form's test cards", () => {
  it.each([
    [{}, 'cnon:card-nonce-ok'],
    [{ number: '4000 0000 0000 0002' }, 'cnon:card-nonce-declined'],
    [{ cvv: '911' }, 'cnon:card-nonce-rejected-cvv'],
    [{ postcode: '99999' }, 'cnon:card-nonce-rejected-postalcode'],
    [{ expiry: '01/40' }, 'cnon:card-nonce-rejected-expiration'],
  ])('turns %o into %s', (change, token) => {
    expect(tokenizeTestCard({ ...card, ...change })).toEqual({ token });
  });

  it('refuses other cards, missing fields and a malformed expiry without a token', () => {
    expect(tokenizeTestCard({ ...card, number: '5555 5555 5555 4444' })).toEqual({
      error: "Use one of Square's sandbox test cards, e.g. 4111 1111 1111 1111",
    });
    expect(tokenizeTestCard({ ...card, cvv: '' })).toEqual({
      error: 'Please enter the card number, expiry date, security code and postcode',
    });
    expect(tokenizeTestCard({ ...card, expiry: '13/30' })).toEqual({ error: 'Enter the expiry date as MM/YY' });
  });
});
