import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The built React app (WEB_DIST) on the same origin as the API. Paths that are not files fall back to
// index.html for browser navigations (client-side routes such as /parents-home); /api never does. When
// the build is missing the API still runs and pages say how to build it.

export const NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload this page.\n';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApi(path) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Registers the static files and the not-found handler; returns whether a build was found. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false, // set by the security-headers hook, by path
      dotfiles: 'ignore',
      index: 'index.html',
      // /api/... never maps to a file; everything else is tried on disk first.
      allowedPath: (pathName) => !isApi(pathName),
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) {
      if (built) return reply.code(200).type('text/html; charset=utf-8').sendFile('index.html');
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
  return built;
}
