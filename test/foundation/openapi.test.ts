// engines: once
/**
 * The API documentation (/api/openapi.json, /api/docs) against the routes Fastify really has: every
 * route is documented with a summary, its area's tag, a success response and the error responses
 * its registration implies, all errors as `{ "detail": ... }`. A route added without a summary (or
 * anything else here) fails this test without editing it.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../helpers/app';

const AREAS = ['enrolment', 'payments', 'student', 'certificates', 'public', 'admin', 'health'];
/** The docs' own routes (Swagger UI's page, assets and copy of the document). */
const isDocsRoute = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

type JsonSchema = { $ref?: string; type?: string; properties?: Record<string, JsonSchema>; required?: string[] };
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Each registered route once (HEAD routes are Fastify's copies of GET routes). */
function apiRoutes(routes: RouteOptions[]): Array<{ method: string; route: RouteOptions }> {
  return routes
    .flatMap((route) => [route.method].flat().map((method) => ({ method: String(method), route })))
    .filter(({ method, route }) => method !== 'HEAD' && !isDocsRoute(route.url));
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The error responses a route's registration implies (written out here, apart from the docs code). */
function expectedErrors(route: RouteOptions): string[] {
  const schema = route.schema ?? {};
  const codes = ['500', '503'];
  if (schema.params || schema.querystring || schema.body) codes.push('400');
  if (schema.security?.length) codes.push('401');
  if (schema.security?.some((requirement) => 'studentToken' in requirement)) codes.push('403');
  if (route.config?.rateLimit) codes.push('429');
  return codes;
}

function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? doc.components.schemas[name] : schema;
}

/** Everything wrong with the documentation of these routes; empty when it is complete. */
function documentationProblems(doc: OpenApiDocument, routes: RouteOptions[]): string[] {
  const problems: string[] = [];
  for (const { method, route } of apiRoutes(routes)) {
    const name = `${method} ${route.url}`;
    const operation = doc.paths[openapiPath(route.url)]?.[method.toLowerCase()];
    if (!operation) {
      problems.push(`${name}: not documented`);
      continue;
    }
    if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
    if (operation.tags?.length !== 1 || !AREAS.includes(operation.tags[0] ?? ''))
      problems.push(`${name}: tags ${JSON.stringify(operation.tags)}, expected one of ${AREAS.join(', ')}`);
    const statuses = Object.keys(operation.responses);
    // A redirect's success is its 3xx (GET /api/unsubscribe/{token} → 303 to the page).
    if (!statuses.some((status) => /^[23]\d\d$/.test(status))) problems.push(`${name}: no 2xx response`);
    for (const status of expectedErrors(route)) {
      if (!statuses.includes(status)) problems.push(`${name}: no ${status} response`);
    }
    for (const status of statuses.filter((code) => Number(code) >= 400)) {
      const content = operation.responses[status]?.content ?? {};
      const schema = resolve(doc, content['application/json']?.schema);
      const isErrorBody =
        Object.keys(content).length === 1 &&
        schema?.type === 'object' &&
        schema.properties?.detail?.type === 'string' &&
        schema.required?.includes('detail');
      if (!isErrorBody) problems.push(`${name}: ${status} is not a { detail } JSON body`);
    }
  }
  return problems;
}

describe('API documentation', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp({}, { onRoute: (route) => routes.push(route) });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document with one named error body', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    });
  });

  it('documents every registered route: summary, area tag, 2xx, its error responses as { detail }', () => {
    expect(apiRoutes(routes).length).toBeGreaterThanOrEqual(38);
    expect(documentationProblems(doc, routes)).toEqual([]);
  });

  it('documents only routes that exist', () => {
    const registered = new Set(apiRoutes(routes).map(({ method, route }) => `${method} ${openapiPath(route.url)}`));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) expect(registered).toContain(`${method.toUpperCase()} ${path}`);
    }
  });

  it('documents 401 on every route that answers 401 without a token', async () => {
    const sample: Record<string, string> = {
      id: '00000000-0000-4000-8000-000000000000',
      student_id: '00000000-0000-4000-8000-000000000000',
      email: 'nobody@example.com',
      certificate_id: 'VBR-ABCDEFGHJK',
    };
    let answered401 = 0;
    for (const { method, route } of apiRoutes(routes)) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => sample[name] ?? name);
      const res = await t.app.inject({ method: method as 'GET', url });
      if (res.statusCode !== 401) continue;
      answered401 += 1;
      const operation = doc.paths[openapiPath(route.url)]?.[method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}), `${method} ${route.url}`).toContain('401');
      expect(operation?.security, `${method} ${route.url}`).toBeDefined();
    }
    expect(answered401).toBeGreaterThan(20);
  });

  it('describes files as files, not JSON', () => {
    const ok = (path: string, method = 'get') => doc.paths[path]?.[method]?.responses['200']?.content ?? {};
    expect(Object.keys(ok('/api/student/{id}/certificate/pdf'))).toEqual(['application/pdf']);
    expect(Object.keys(ok('/api/certificates/sample.pdf'))).toEqual(['application/pdf']);
    expect(Object.keys(ok('/api/admin/students/export.csv'))).toEqual(['text/csv']);
    expect(Object.keys(ok('/api/admin/id-verifications/{student_id}/document'))).toEqual([
      'image/jpeg',
      'image/png',
      'application/pdf',
    ]);
    const upload = doc.paths['/api/students/{email}/upload-id']?.post?.requestBody?.content ?? {};
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data']?.schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
  });

  it('serves Swagger UI at /api/docs from its own files, under its own CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="swagger-ui">');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/squarecdn|unsafe-eval|unsafe-inline/);

    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');

    // The UI reads its own copy of the same document.
    const copy = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(copy.json()).toEqual(doc);

    // The rest of the site keeps its policy.
    const site = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(site.headers['content-security-policy'])).toContain('https://web.squarecdn.com');
  });
});

describe('API documentation check', () => {
  it('fails a route added without a summary', async () => {
    const routes: RouteOptions[] = [];
    const t = await buildTestApp({}, { onRoute: (route) => routes.push(route) });
    try {
      // Complete but for its summary.
      const schema = { tags: ['public'], response: { 200: z.object({ ok: z.boolean() }) } };
      t.app.get('/api/undocumented', { schema }, async () => ({ ok: true }));
      const doc: OpenApiDocument = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(documentationProblems(doc, routes)).toEqual(['GET /api/undocumented: no summary']);
    } finally {
      await t.close();
    }
  });
});
