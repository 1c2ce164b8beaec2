import { useSyncExternalStore } from 'react';
import { studentSession } from './session';

/** The stored student token, or null; follows sign-in and sign-out in this tab and in others. */
export function useStudentToken(): string | null {
  // Prerendered pages and the first render of a hydration are signed out: the storage is the browser's.
  return useSyncExternalStore(
    studentSession.subscribe,
    () => studentSession.get()?.token ?? null,
    () => null,
  );
}
