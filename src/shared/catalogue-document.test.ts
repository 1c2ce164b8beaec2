import { describe, expect, it } from 'vitest';
import { paymentAmountPence } from './catalogue';
import { catalogueDocument, DEFAULT_CATALOGUE, priceOf } from './catalogue-document';

describe('the catalogue document', () => {
  it('defaults to the prices in code, so a new database charges what the site always charged', () => {
    for (const type of ['enrollment', 'course', 'combined'] as const)
      for (const course of ['foundation', 'pro'] as const)
        expect(priceOf(DEFAULT_CATALOGUE, type, course)).toBe(paymentAmountPence(type, course));
    expect(catalogueDocument.parse(DEFAULT_CATALOGUE)).toEqual(DEFAULT_CATALOGUE);
  });

  it('refuses a price below £1, a fraction of a penny, or an empty module list', () => {
    const pro = DEFAULT_CATALOGUE.courses.pro;
    const withPro = (change: object) => ({
      ...DEFAULT_CATALOGUE,
      courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...pro, ...change } },
    });
    expect(catalogueDocument.safeParse(withPro({ price_pence: 99 })).success).toBe(false);
    expect(catalogueDocument.safeParse(withPro({ price_pence: 100.5 })).success).toBe(false);
    expect(catalogueDocument.safeParse(withPro({ modules: [] })).success).toBe(false);
    expect(catalogueDocument.safeParse(withPro({ price_pence: 19900 })).success).toBe(true);
  });
});
