/**
 * Step 1's validation: the schema the server validates with, so the messages match SPEC word for
 * word, through react-hook-form's zod resolver. Loaded when the form is first used rather than with
 * the page (use-registration-form.ts): zod is the largest part of the page's code otherwise.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registrationSchema } from '@shared/schemas/enrolment';

/**
 * The phone check's code loads when the phone field gets focus, or with the first number to check.
 * If it cannot load (the connection dropped), the server's check, the same one, still answers.
 */
export const loadPhoneCheck = () => import('@shared/schemas/registration');

const registrationForm = registrationSchema((phone) =>
  loadPhoneCheck().then(
    ({ isValidPhone }) => isValidPhone(phone),
    () => true,
  ),
);

export type RegistrationFormOutput = z.output<typeof registrationForm>;

export const registrationResolver = zodResolver(registrationForm);
