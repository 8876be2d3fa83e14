import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, {
  type ConnectionError,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Code } from '../../../contract/errors.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { LiveTopic } from '../platform/live/topic.ts';
import type { OutboxSender } from '../platform/notify/outbox-sender.ts';
import { FILE_BYTES_MAX } from '../platform/files/kinds.ts';
import { isApiPath } from './api-paths.ts';
import { AppError } from '../errors.ts';
import { loggerOptions, RequestLog } from './logging.ts';
import { openApiDocument } from './openapi.ts';
import { securityHeaders } from './security-headers.ts';
import { crawlerRoutes } from './routes/crawler-routes.ts';
import { devClockRoutes, devFeedRoutes, devRoutes } from './routes/dev-routes.ts';
import type { Capability } from './capability.ts';
import { messageSocket } from './message-socket.ts';
import { JSON_TYPE, Registrar, type CallerGate } from './register-route.ts';

/** Largest request body accepted (uploads get their own limit in their own routes). */
const BODY_LIMIT = 64 * 1024;
/**
 * Longest URL (path and query) accepted, as nginx's default buffers take; a longer one, or a
 * path parameter over the router's 200 characters, is 414 URI Too Long with 10110.
 */
const URL_MAX = 8 * 1024;

function envelopeOf(err: FastifyError | AppError): {
  status: number;
  code: number;
  detail: unknown;
} {
  if (err instanceof AppError)
    return { status: err.statusCode, code: err.code, detail: err.detail };
  if (err.statusCode === 413) return { status: 413, code: Code.payloadTooLarge, detail: null };
  if (err.statusCode === 429) return { status: 429, code: Code.tooManyRequests, detail: null };
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: 400, code: Code.badRequest, detail: null };
  }
  return { status: 500, code: Code.systemError, detail: null };
}

/**
 * Whether a head Node refused for its size overflowed in the request line (a URI too long,
 * 414) rather than in the headers (431): the packet it kept starts with that line, and the
 * line's end is past the URL limit or not there at all.
 */
function requestLineTooLong(err: ConnectionError): boolean {
  const raw: unknown = err.rawPacket;
  if (!Buffer.isBuffer(raw) || !/^[A-Z]+ \//.test(raw.subarray(0, 16).toString('latin1'))) {
    return false;
  }
  const end = raw.indexOf('\r\n');
  return end < 0 || end > URL_MAX;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a head over 16 KiB, a
 * malformed request line or header, a timeout) are answered in the envelope too.
 */
function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [requestLineTooLong(err) ? 414 : 431, Code.payloadTooLarge]
      : [err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400, Code.badRequest];
  const body = JSON.stringify({ code, result: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** What the transport is given by the composition root (server.ts). */
export interface AppParts {
  /** Each capability's calls, registered in a scope of its own. */
  capabilities: readonly Capability[];
  gate: CallerGate;
  /** The market's live state, for the development tick route (DEV_FEED_ROUTE). */
  market: MarketService;
  /** Every capability's live topics, for the `/message` fan-out (platform/live). */
  topics: readonly LiveTopic[];
  /** The local outbox, read by /dev/outbox where DEV_OUTBOX_ROUTE allows it. */
  outbox: OutboxSender;
  /** Counts the answers that are the system's fault (10030), each also logged with its cause. */
  faults: { systemErrors: number };
  /** The clock /dev/clock moves, and the jobs it runs after (DEV_CLOCK_ROUTE). */
  clock: { clock: Clock; jobs: { runDue(): Promise<void> } };
}

export async function buildApp(config: Config, parts: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
    // The router refuses a path (broken UTF-8: 400; a parameter over maxParamLength: 414)
    // before any handler runs; its answer still wears the envelope and a catalogue code.
    frameworkErrors: (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      reply.status(err.statusCode ?? 400).send({
        code: err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? Code.payloadTooLarge : Code.badRequest,
        result: null,
      }),
    clientErrorHandler,
  });

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const { status, code, detail } = envelopeOf(err);
    if (code === Code.systemError) {
      // Must stay rare (a deadlock is designed out and retried): each one is counted and logged
      // with its cause, the database's SQLSTATE included where there is one.
      parts.faults.systemErrors += 1;
      const sqlState = (err as { code?: unknown }).code;
      request.log.error({ err, sqlState }, 'answered 10030');
    }
    // Written here: a refusal is HTTP 200 too, and the route's serializer for 200 knows only
    // the route's result (register-route.ts), not a refusal's detail.
    return reply
      .status(status)
      .type(JSON_TYPE)
      .send(JSON.stringify({ code, result: detail }));
  });

  app.addHook('onRequest', async (request) => {
    if (request.url.length > URL_MAX) throw new AppError(Code.payloadTooLarge, null, 414);
  });
  securityHeaders(app);
  // API answers compressed on the fly (the market list: 21 KB of JSON); the app's files carry
  // their own .br/.gz copies and a Content-Encoding, which the plugin leaves alone. Small answers
  // are not worth it. The websocket upgrade never reaches a reply, so it is untouched.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    errorResponseBuilder: (_req, ctx) =>
      new AppError(Code.tooManyRequests, { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) }, 429),
  });
  // Uploads (takeUpload, platform/files/upload.ts): registered once, for every capability's
  // upload route; each reads its one file part itself, with its kind's own lower limit. Nothing
  // here reads a body: a multipart request to any other route is refused (register-route.ts).
  await app.register(multipart, {
    limits: { fileSize: FILE_BYTES_MAX, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() } });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  for (const capability of parts.capabilities) {
    await app.register(async (scope) => capability.routes(new Registrar(scope, parts.gate)));
  }
  messageSocket(app, parts, {
    allowedOrigins: config.CORS_ORIGINS,
    maxPerHost: config.MESSAGE_MAX_PER_IP,
  });
  // Liveness for a load balancer: answered by the plugin stack alone, with no route work (also
  // bench/http-routes.ts's second baseline: what the stack costs a route).
  app.get('/livez', (_request, reply) => reply.type(JSON_TYPE).send('{"code":200,"result":"ok"}'));
  if (config.DEV_OUTBOX_ROUTE) devRoutes(app, parts.outbox);
  if (config.DEV_FEED_ROUTE) devFeedRoutes(app, parts.market);
  if (config.DEV_CLOCK_ROUTE) devClockRoutes(app, parts.clock.clock, parts.clock.jobs);
  crawlerRoutes(app, config.PUBLIC_URL);

  const index = config.APP_DIST === '' ? '' : path.join(config.APP_DIST, 'index.html');
  const serveApp = index !== '' && existsSync(index);
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: config.APP_DIST,
      wildcard: false,
      // The build writes .br and .gz copies (build-tools/precompress.ts); sent as they are.
      preCompressed: true,
      // Hashed assets never change; the page that names them is checked on every visit.
      setHeaders: (res, file) => {
        const asset = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (
      !isApiPath(request.url) &&
      serveApp &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      // History-mode routing: every app path gets the shell; the router picks the screen.
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: Code.notFound, result: null });
  });

  return app;
}
