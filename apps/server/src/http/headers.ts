import type { FastifyInstance, FastifyRequest } from 'fastify';

// Security headers on every answer (API, static files, 404s and errors alike), set in onSend so no
// path can skip them. Nothing names the server or its version (Fastify sends no Server/X-Powered-By).

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const FIXED_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** The emailed reset link's page: its query holds the token, so it is neither stored nor sent on (RST-07). */
const RESET_PAGE = '/accounts/change_password/';

function cacheControl(request: FastifyRequest, sessionCookie: string): string {
  const path = request.url.split('?', 1)[0]!;
  // Anything asked with a session cookie may be personal: never stored (HDR-02).
  if (
    path.startsWith('/api/') ||
    path === '/healthz' ||
    path === RESET_PAGE ||
    request.cookies?.[sessionCookie] !== undefined
  ) {
    return 'no-store';
  }
  // Vite names built assets by content hash, so they never change; the HTML shell must be revalidated.
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function registerSecurityHeaders(app: FastifyInstance, sessionCookie: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(FIXED_SECURITY_HEADERS);
    reply.header('cache-control', cacheControl(request, sessionCookie));
    if (request.url.split('?', 1)[0] === RESET_PAGE) reply.header('referrer-policy', 'no-referrer');
    reply.removeHeader('x-powered-by');
    reply.removeHeader('server');
    return payload;
  });
}
