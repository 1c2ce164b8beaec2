/**
 * Prices and counts in the site's words: the landing copy, the FAQ and the terms name them by
 * placeholder (`{pro_total}`), filled from the catalogue in force when the page is shown, so no text
 * quotes a price the catalogue no longer charges.
 */
import { allInPricePence, proExtraModules, type Catalogue } from './catalogue';
import { formatPence } from './money';

/** Each placeholder an owner may write, with what it shows (the content editor lists them). */
export const CATALOGUE_PLACEHOLDERS = {
  fee: 'the enrollment fee',
  foundation_total: 'Foundation with the fee (what a new student pays)',
  pro_total: 'Pro with the fee (what a new student pays)',
  foundation_price: 'the Foundation course alone',
  pro_price: 'the Pro course alone',
  foundation_title: "Foundation's title",
  pro_title: "Pro's title",
  foundation_modules: "Foundation's number of modules",
  pro_modules: "Pro's number of modules",
  pro_extra_modules: 'the number of modules Pro adds',
} as const;
export type CataloguePlaceholder = keyof typeof CATALOGUE_PLACEHOLDERS;

export function catalogueValues(catalogue: Catalogue): Record<CataloguePlaceholder, string> {
  const { foundation, pro } = catalogue.courses;
  return {
    fee: formatPence(catalogue.enrolment_fee_pence),
    foundation_total: formatPence(allInPricePence(catalogue, 'foundation')),
    pro_total: formatPence(allInPricePence(catalogue, 'pro')),
    foundation_price: formatPence(foundation.price_pence),
    pro_price: formatPence(pro.price_pence),
    foundation_title: foundation.title,
    pro_title: pro.title,
    foundation_modules: String(foundation.modules.length),
    pro_modules: String(pro.modules.length),
    pro_extra_modules: String(proExtraModules(catalogue).length),
  };
}

/** `text` with the catalogue's placeholders filled (others are left as written). */
export function fillCatalogueText(text: string, catalogue: Catalogue): string {
  const values: Record<string, string> = catalogueValues(catalogue);
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
