import type { FastifyInstance } from 'fastify';

/**
 * Every registered route under /api/admin, read from Fastify's route tree, so a route added later
 * is covered by the guard tests without editing them. Path parameters become a valid UUID.
 */
export function registeredAdminRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    const [, indent, segment, methods] = match ?? [];
    if (indent === undefined || segment === undefined) continue;
    stack.length = indent.length / 4;
    stack.push(segment);
    const url = stack.join('').replace(/:[\w|:]+/g, '00000000-0000-4000-8000-000000000000');
    for (const method of (methods ?? '').split(', ').filter(Boolean)) {
      if (url.startsWith('/api/admin/') && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
