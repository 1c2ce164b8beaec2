/**
 * The API's documentation, generated from the routes' own zod schemas: OpenAPI 3.1 at
 * GET /api/openapi.json and Swagger UI at /api/docs (public; its files come from the
 * @fastify/swagger-ui package, nothing is fetched from elsewhere).
 *
 * What a route declares (summary, params/query/body, responses) is documented as it is. The error
 * responses every route can give are added when the document is built, from the route's structure:
 * 400 when it validates params, query or body; 401 when it needs a token, and 403 when that token may
 * be another student's; 429 when it is rate-limited; 500 and 503 everywhere (any route can meet a
 * database outage). All of them are `{ "detail": "..." }` (components.schemas.Error), merged under
 * what the route declares. This only shapes the document: the routes' runtime schemas are untouched.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/schemas/common';
import type { AdminRole } from '@shared/statuses';

const API_DOCS_PATH = '/api/docs';
const OPENAPI_PATH = '/api/openapi.json';

/** One tag per API area; each area's plugin tags its routes with `tagRoutes`. */
const TAGS = {
  health: 'Liveness of the server and its database',
  public: 'Read by the public pages: recent sign-ups, the contact form',
  enrolment: 'The enrolment wizard: registration, course dates, course selection',
  payments: 'Card payments (Square)',
  student: 'The student area: login by email, progress, ID verification, certificate requests',
  certificates: 'Certificate PDFs, public verification and the sample',
  admin: 'The administrator area (every route but login needs an admin token)',
} as const;
export type ApiTag = keyof typeof TAGS;

/** OpenAPI security requirements: who may call a route (auth.ts enforces them). */
export const adminSecurity = [{ adminToken: [] }] as const;
/** A student's token for their own data, or any admin's. */
export const studentSecurity = [{ studentToken: [] }, { adminToken: [] }] as const;

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: the success response is a file, sent as a buffer or stream (never serialised). */
    fileResponse?: { status: 200; contentTypes: readonly string[]; description: string };
    /** Documentation only: the request is multipart/form-data carrying one file (read by @fastify/multipart). */
    fileUpload?: { field: string; contentTypes: readonly string[]; description: string };
    /** Documentation only: the least admin role the route needs (enforced by auth.ts's scope guards). */
    'x-admin-role'?: AdminRole;
  }
}

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad input: the path, query or body is invalid, or the request breaks a rule',
  401: 'Not signed in: no valid token',
  403: 'Not allowed: the token does not give access to this',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Too large',
  429: 'Too many requests: try again later',
  500: 'Server error',
  502: 'A dependency (the payment provider) failed',
  503: 'Unavailable: the database or a dependency is down',
};

// The error body is one named component, referenced by every error response.
if (!z.globalRegistry.has(errorSchema)) {
  z.globalRegistry.add(errorSchema, { id: 'Error', description: 'Every error body: `{ "detail": "..." }`' });
}

/** The error responses a route can give, from its structure (see the file comment). */
function errorResponses(route: Pick<RouteOptions, 'schema' | 'config'>): Record<number, typeof errorSchema> {
  const schema: FastifySchema = route.schema ?? {};
  const codes: number[] = [500, 503];
  if (schema.params || schema.querystring || schema.body || schema.headers) codes.push(400);
  if (schema.security?.length) codes.push(401);
  if (schema.security?.some((requirement) => 'studentToken' in requirement)) codes.push(403);
  if (route.config?.rateLimit) codes.push(429);
  return Object.fromEntries(codes.map((code) => [code, errorSchema]));
}

const zodTransform = createJsonSchemaTransform({});

type JsonObject = Record<string, unknown>;

const binary = (contentTypes: readonly string[]) =>
  Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

/** Route schema → OpenAPI operation: zod's transform, plus the structural error responses and files. */
const transform: typeof zodTransform = (input) => {
  const route = input.route;
  const declared = (route.schema?.response ?? {}) as JsonObject;
  const response = { ...errorResponses(route), ...declared };
  const result = zodTransform({ ...input, schema: { ...input.schema, response } });
  const { fileResponse, fileUpload, ...schema } = result.schema;
  if (schema.hide) return { ...result, schema };
  const role = schema['x-admin-role'];
  if (role) {
    const who = role === 'owner' ? 'Owner admins only.' : 'Any admin (owner or staff).';
    schema.description = schema.description ? `${who} ${schema.description}` : who;
  }

  const responses = { ...(schema.response as Record<string, JsonObject>) };
  if (fileResponse) {
    responses[fileResponse.status] = {
      description: fileResponse.description,
      content: binary(fileResponse.contentTypes),
    };
  }
  for (const [status, body] of Object.entries(responses)) {
    const description = RESPONSE_DESCRIPTIONS[status];
    if (!description || body.description || body['x-response-description']) continue;
    // @fastify/swagger drops the siblings of a $ref (so `description` stays out of the body's
    // schema) and reads `x-response-description` from any other schema.
    responses[status] = { ...body, ['$ref' in body ? 'description' : 'x-response-description']: description };
  }
  const body = fileUpload
    ? {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [fileUpload.field],
              properties: {
                [fileUpload.field]: {
                  type: 'string',
                  format: 'binary',
                  description: `${fileUpload.description} (${fileUpload.contentTypes.join(', ')})`,
                },
              },
            },
          },
        },
      }
    : schema.body;
  return { ...result, schema: { ...schema, body, response: responses } };
};

const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * zod's named schemas (Error) as components, without what zod adds for standalone JSON Schema
 * (`$schema`, and an `$id` that 2020-12 forbids to be a fragment), and without the ones no
 * operation references (zod emits an input and an output variant of each).
 */
const transformObject: typeof zodTransformObject = (input) => {
  const result = zodTransformObject(input);
  const document = result as { components?: { schemas?: JsonObject } };
  const schemas = document.components?.schemas;
  if (!schemas) return result;
  const isReferenced = (name: string, text: string) => text.includes(`"#/components/schemas/${name}"`);
  let referencing = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  const kept = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (kept.has(name) || !isReferenced(name, referencing)) continue;
      kept.add(name);
      referencing += JSON.stringify(schemas[name]);
      grew = true;
    }
  }
  const components = Object.fromEntries(
    [...kept].map((name) => {
      const { $schema: _schema, $id: _id, ...schema } = schemas[name] as JsonObject;
      return [name, schema];
    }),
  );
  return { ...document, components: { ...document.components, schemas: components } } as ReturnType<
    typeof zodTransformObject
  >;
};

/**
 * Tags every route registered in this plugin scope (and the scopes inside it) with its API area.
 * Call it first thing in an area's plugin.
 */
export function tagRoutes(app: FastifyInstance, tag: ApiTag): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
  });
}

/**
 * Documents every route of this scope as needing one of these tokens. The scope must enforce it
 * (auth.ts: `guardAdminScope`).
 */
export function documentSecurity(app: FastifyInstance, security: FastifySchema['security']): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: route.schema?.security ?? security };
  });
}

/**
 * Documents the least admin role every route of this scope needs; a nested scope's call wins (its
 * hook runs after its parent's). The scope must enforce it (auth.ts: `guardAdminScope`, `guardOwnerScope`).
 */
export function documentAdminRole(app: FastifyInstance, role: AdminRole): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, 'x-admin-role': role };
  });
}

/**
 * The docs page's own Content-Security-Policy, instead of the site's: Swagger UI's scripts and
 * styles are files from this server (its stylesheet's icons are data: URLs); it fetches only this
 * origin (the document, and requests made with "Try it out").
 */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Video Book Review Specialist — enrolment API',
        version: '1.0.0',
        description:
          'JSON in snake_case, amounts in pounds, dates ISO 8601. Every error is `{ "detail": "..." }`: 400 bad input, ' +
          '401 not signed in, 403 not allowed, 404 not found, 409 conflict, 413 too large, 429 throttled, ' +
          '502/503 a dependency is down.',
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An admin token from POST /api/admin/login (8 hours; revoked at logout).',
          },
          studentToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A student token from POST /api/students or GET /api/student/login/{email} (30 days).',
          },
        },
      },
    },
    transform,
    transformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: DOCS_CSP,
    theme: { title: 'VBR enrolment API' },
    // No top bar: its logo (an SVG with a <style> element) would need style-src 'unsafe-inline'.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
