import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { coalescedReads, defaultReadReuseMs } from './db/coalescedReads.ts';
import type { Db } from './db/Db.ts';
import { registerDbCaller } from './db/dbCaller.ts';
import { registerAnswerCache } from './http/answerCache.ts';
import { registerAnswerCompression, streamBrotliOptions, streamGzipOptions } from './http/answerCompression.ts';
import { registerAuth } from './http/auth.ts';
import { clientErrorHandler, frameworkErrors } from './http/clientErrors.ts';
import { registerErrorHandling } from './http/errors.ts';
import { HttpError } from './http/HttpError.ts';
import { registerInputGuard } from './http/inputGuard.ts';
import { defaultHttpLimits, requestCheckMs, type HttpLimits } from './http/httpLimits.ts';
import { withCutLogs } from './http/logSerializers.ts';
import { parseQuery } from './http/parseQuery.ts';
import { isHiddenWebPath, registerSecurityHeaders } from './http/security.ts';
import { zodValidatorCompiler } from './http/zodProvider.ts';
import { messages } from './messages.ts';
import { authRoutes, type LoginLimits } from './routes/auth.ts';
import { bookingRoutes } from './routes/booking.ts';
import { clientRoutes } from './routes/clients.ts';
import { collectionRoutes } from './routes/collection.ts';
import { commercialRoutes } from './routes/commercial.ts';
import { employeeRoutes } from './routes/employees.ts';
import { exportRoutes } from './routes/export.ts';
import { aboutRoutes } from './routes/about.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { kpiRoutes } from './routes/kpis.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { masterRoutes } from './routes/master.ts';
import { movementRoutes } from './routes/movements.ts';
import { paymentsServiceRoutes } from './routes/paymentsService.ts';
import { posRoutes } from './routes/pos.ts';
import { reportBookingRoutes } from './routes/reportBooking.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { serviceRoutes } from './routes/services.ts';
import { taskRoutes } from './routes/tasks.ts';
import { viewRoutes } from './routes/views.ts';

/** The service base URLs the web app calls; empty means the server that served the app. */
export interface WebConfig {
  apiBaseUrl: string;
  authBaseUrl: string;
  paymentsBaseUrl: string;
  masterBaseUrl: string;
  imagesBaseUrl: string;
  /** Rows above which the web app has the server build Excel and CSV files (its default when absent). */
  exportServerRows?: number;
}

export interface AppOptions {
  db: Db;
  jwtSecret: Uint8Array;
  /** Token lifetime: a working day unless said otherwise. */
  tokenTtlSeconds?: number;
  /** The clock behind "today" (dashboard, TRM); UTC. */
  now?: () => Date;
  loginLimits?: Partial<LoginLimits>;
  /** Proxies trusted to name the client in X-Forwarded-For (fastify `trustProxy`); off by default. */
  trustProxy?: boolean | number | string[];
  /** Seconds a token's employee (exists, active, rights) is remembered; 0 asks the database on every request. */
  sessionCacheSeconds?: number;
  /** Seconds the lookups', the TRM's and the app-use summaries' answers are reused (LOOKUP_CACHE_SECONDS); 0: never. */
  lookupCacheSeconds?: number;
  /** Identical reads asked while one runs share its rows (db/coalescedReads.ts); on unless false (the bench compares). */
  coalesceReads?: boolean;
  /** Milliseconds an ended read's rows answer the same read again (READ_REUSE_MS, default 1000); 0: only while it runs. */
  readReuseMs?: number;
  /** Folder of the built web app; not served when absent. */
  webRoot?: string;
  webConfig?: Partial<WebConfig>;
  /** Send Strict-Transport-Security: only when TLS is in front of the server (HSTS=true). */
  hsts?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** How long a client may take over a request and keep a connection (defaultHttpLimits). */
  httpLimits?: Partial<HttpLimits>;
}


/** A route as registered, with its schemas: what the fuzz suite walks. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Every route the server registered, HEAD twins included. */
    routeList: RegisteredRoute[];
    /** Today's date in UTC as YYYY-MM-DD. */
    today(): string;
    now(): Date;
  }
}

export const defaultTokenTtlSeconds = 10 * 60 * 60;
export const bodyLimitBytes = 64 * 1024;

/** fastify counts hops itself but its types take no number: the same rule as a function. */
function trustProxyOption(trust: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust ?? false;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = { ...defaultHttpLimits, ...options.httpLimits };
  const app = Fastify({
    logger: withCutLogs(options.logger ?? false),
    bodyLimit: bodyLimitBytes,
    routerOptions: { querystringParser: parseQuery, maxParamLength: 200 },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    // Node cuts a request whose headers or body are late only when both bounds are given as it creates the server.
    http: {
      maxHeaderSize: 256 * 1024,
      requestTimeout: limits.requestMs,
      headersTimeout: limits.requestMs,
      connectionsCheckingInterval: Math.min(requestCheckMs, limits.requestMs),
    },
    trustProxy: trustProxyOption(options.trustProxy),
    clientErrorHandler,
    frameworkErrors,
  });
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema });
  });
  const now = options.now ?? (() => new Date());
  app.decorate('db', options.coalesceReads === false ? options.db : coalescedReads(options.db, { reuseMs: options.readReuseMs ?? defaultReadReuseMs }));
  app.decorate('now', now);
  app.decorate('today', () => now().toISOString().slice(0, 10));
  registerAnswerCache(app, options.lookupCacheSeconds);
  app.setValidatorCompiler(zodValidatorCompiler);
  const webConfig: WebConfig = {
    apiBaseUrl: '',
    authBaseUrl: '',
    paymentsBaseUrl: '',
    masterBaseUrl: '',
    imagesBaseUrl: '/images',
    ...options.webConfig,
  };
  await registerSecurityHeaders(app, { webConfig, hsts: options.hsts ?? false });
  registerAnswerCompression(app);
  // What is left to @fastify/compress is mostly the all-rows streams (up to tens of megabytes, compressed as they
  // go), and browsers take br before gzip (Chromium asks `gzip, deflate, br, zstd`, on http://localhost too).
  await app.register(fastifyCompress, { threshold: 1024, zlibOptions: streamGzipOptions, brotliOptions: streamBrotliOptions });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerDbCaller(app);
  registerAuth(app, { secret: options.jwtSecret, ttlSeconds: options.tokenTtlSeconds ?? defaultTokenTtlSeconds }, options.sessionCacheSeconds);

  await app.register(healthRoutes);
  await app.register(authRoutes, {
    keys: { secret: options.jwtSecret, ttlSeconds: options.tokenTtlSeconds ?? defaultTokenTtlSeconds },
    limits: options.loginLimits,
  });
  await app.register(paymentsServiceRoutes);
  await app.register(aboutRoutes);
  await app.register(bookingRoutes);
  await app.register(reportBookingRoutes);
  await app.register(collectionRoutes);
  await app.register(commercialRoutes);
  await app.register(posRoutes);
  await app.register(lookupRoutes);
  await app.register(masterRoutes);
  await app.register(clientRoutes);
  await app.register(movementRoutes);
  await app.register(reviewRoutes);
  await app.register(taskRoutes);
  await app.register(serviceRoutes);
  await app.register(employeeRoutes);
  await app.register(imageRoutes);
  await app.register(kpiRoutes);
  await app.register(viewRoutes);
  await app.register(exportRoutes);

  app.get('/config.json', { config: { public: true } }, async () => webConfig);

  const webRoot = options.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    // Any file of the current build (not only those present at start), hashed assets cached for good.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      // Build stamps (.source-hash) and source maps are not for browsers.
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isHiddenWebPath(pathname),
      index: 'index.html',
      // The build writes each text file's .br and .gz beside it (vite.config.ts): sent as they are when taken.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) =>
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb || isHiddenWebPath(request.url)) {
      throw new HttpError(404, messages.routeNotFound(request.method, request.url.split('?')[0]!));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
