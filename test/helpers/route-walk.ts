/**
 * Walking every registered route with a token (revocation-walk and admin-totp-walk tests): the routes
 * as Fastify registered them, and for each a request naming one student, with a body valid enough
 * that the token is what decides the answer.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import type { Student } from '@server/db/schema';
import { bearer } from './app';

export interface WalkedRoute {
  key: string;
  method: NonNullable<InjectOptions['method']>;
  url: string;
  /** The route's documented security requirements (none: public). */
  security: Array<Record<string, unknown>>;
}

export function walkedRoutes(routes: RouteOptions[]): WalkedRoute[] {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => ({
        key: `${String(method)} ${route.url}`,
        method: method as WalkedRoute['method'],
        url: route.url,
        security: ((route.schema as { security?: Array<Record<string, unknown>> } | undefined)?.security ??
          []) as Array<Record<string, unknown>>,
      })),
  );
}

export const acceptsAdminToken = (route: WalkedRoute) =>
  route.security.some((requirement) => 'adminToken' in requirement);

/** Bodies for routes that validate their body before the handler checks the token (else 400 first). */
function validBody(key: string, student: Student): InjectOptions['payload'] | undefined {
  switch (key) {
    case 'POST /api/square/create-payment':
      return {
        source_id: 'cnon:card-nonce-declined',
        student_id: student.id,
        amount: 84.99,
        currency: 'GBP',
        payment_type: 'enrollment',
        idempotency_key: `walk-${student.id}`,
        terms_accepted: true,
      };
    case 'POST /api/students/:id/course-selection':
      return { course_type: 'foundation', course_start_date: '2030-01-07' };
    case 'POST /api/students/:id/promo':
      return { code: null };
    case 'POST /api/student/:id/progress':
      return { stage_number: 1, completed: true };
    default:
      return undefined;
  }
}

/** The request for a route, its path parameters naming this student (email or id). */
export function requestFor(route: WalkedRoute, student: Student, token: string): InjectOptions {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(name === 'email' ? student.email : student.id),
  );
  const payload = validBody(route.key, student);
  return { method: route.method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) };
}
