import { isValidPhoneNumber } from 'libphonenumber-js';
import { registrationSchema } from './enrolment';

/**
 * A number libphonenumber-js accepts, UK numbers without the +44 (stored as typed). This module is
 * apart from enrolment.ts so that the browser loads it (with the library's metadata, see
 * docs/perf/history.md) only when a number is checked.
 */
export const isValidPhone = (phone: string) => isValidPhoneNumber(phone, 'GB');

/** POST /api/students: the registration's rules, the phone checked at once. */
export const registrationBody = registrationSchema(isValidPhone);
