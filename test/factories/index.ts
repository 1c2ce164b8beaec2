/**
 * Test data through the data layer: the one set of factories for every API test. Prices come from
 * the catalogue (src/shared/catalogue.ts), never from numbers written here.
 */
export * from './admins';
export * from './certificates';
export * from './id-verifications';
export * from './messages';
export * from './payments';
export * from './students';
