import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { assert } from '../assert.ts';

/** Helmet's choice of headers for this app: the same on every answer, so computed once. */
export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'none'"],
    },
  },
};

/**
 * The headers helmet sets, read once by running it on a stand-in response: with no nonce in
 * the policy they do not depend on the request. Running helmet itself in a hook cost a bare
 * route about a quarter of its requests per second (bench/http-routes.ts).
 */
export function helmetHeaders(): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let done = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  assert(done && headers.has('content-security-policy'), 'helmet set its headers at once');
  return Object.freeze(Object.fromEntries(headers));
}

/** Helmet's security headers on every answer, as one precomputed set. */
export function securityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
