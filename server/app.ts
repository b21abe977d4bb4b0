import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { coalescedReads, defaultReadReuseMs } from './db/coalescedReads.ts';
import type { Db } from './db/Db.ts';
import type { ReportDefinition } from '../schema/reportDefinition.ts';
import { registerDbCaller } from './db/dbCaller.ts';
import type { ExportLimits } from './export/exportBudget.ts';
import { registerAnswerCache } from './http/answerCache.ts';
import { registerVersionedCache } from './http/versionedCache.ts';
import { registerAnswerSchemas } from './http/answerSchemas.ts';
import { registerAnswerCompression, streamBrotliOptions, streamGzipOptions } from './http/answerCompression.ts';
import { registerAuth } from './http/auth.ts';
import { clientErrorHandler, frameworkErrors } from './http/clientErrors.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerInputGuard } from './http/inputGuard.ts';
import { defaultHttpLimits, requestCheckMs, type HttpLimits } from './http/httpLimits.ts';
import { withCutLogs } from './http/logSerializers.ts';
import { RequestLog } from './http/requestLog.ts';
import { parseQuery } from './http/parseQuery.ts';
import { registerSecurityHeaders } from './http/security.ts';
import type { WebConfig } from './http/webConfig.ts';
import { webAppRoutes } from './http/webApp.ts';
import { zodValidatorCompiler } from './http/zodProvider.ts';
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
import { registerSubscriptions, type MailOptions } from './mail/registerSubscriptions.ts';
import { dayIn, defaultTimeZone } from '../core/timeZone.ts';

export interface AppOptions {
  db: Db;
  jwtSecret: Uint8Array;
  /** Token lifetime: a working day unless said otherwise. */
  tokenTtlSeconds?: number;
  /** The clock behind "today" (dashboard, TRM). */
  now?: () => Date;
  /** The operator's IANA time zone (OPERATOR_TIME_ZONE): its day is "today", its hours and moments the figures'. Default UTC. */
  timeZone?: string;
  loginLimits?: Partial<LoginLimits>;
  /** The sign-in throttle's clock (milliseconds, never 0); tests move it. */
  loginClock?: () => number;
  /** Proxies trusted to name the client in X-Forwarded-For (fastify `trustProxy`); off by default. */
  trustProxy?: boolean | number | string[];
  /** Seconds a token's employee (exists, active, rights) is remembered; 0 asks the database on every request. */
  sessionCacheSeconds?: number;
  /** Seconds the lookups', the TRM's and the app-use summaries' answers are reused (LOOKUP_CACHE_SECONDS); 0: never. */
  lookupCacheSeconds?: number;
  /** Megabytes of year reports' answers kept under the versions of their data (VERSIONED_CACHE_MB, default 32); 0: off. */
  versionedCacheMb?: number;
  /** Identical reads asked while one runs share its rows (db/coalescedReads.ts); on unless false (the bench compares). */
  coalesceReads?: boolean;
  /** Milliseconds an ended read's rows answer the same read again (READ_REUSE_MS, default 1000); 0: only while it runs. */
  readReuseMs?: number;
  /** Characters of answer text whose compressed forms are remembered (answerCompression.ts); 0: none, each compressed anew (the bench). */
  compressedAnswersMaxChars?: number;
  /** Folder of the built web app; not served when absent. */
  webRoot?: string;
  webConfig?: Partial<WebConfig>;
  /** Send Strict-Transport-Security: only when TLS is in front of the server (HSTS=true). */
  hsts?: boolean;
  /** The time and size one server-built file may take (EXPORT_MAX_SECONDS, EXPORT_MAX_MB). */
  exportLimits?: Partial<ExportLimits>;
  /** The definitions server-built files are described by. Default: reports/ (tests pass their own). */
  reports?: readonly ReportDefinition[];
  logger?: FastifyServerOptions['logger'];
  /** The commit the server runs, answered by the public /api/version (server/version.ts); null when unknown. */
  commit?: string | null;
  /** How long a client may take over a request and keep a connection (defaultHttpLimits). */
  httpLimits?: Partial<HttpLimits>;
  /** Serve the OpenAPI document at /api/docs (`npm run dev` only). Default: false. */
  apiDocs?: boolean;
  /** E-mail subscriptions (SMTP_URL, MAIL_FROM, PUBLIC_URL, SUBSCRIPTION_*). Default: sending not configured. */
  mail?: MailOptions;
}

/** A route as registered, with its schemas: what the fuzz suite walks. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Its config says `public: true`: callable without a session. */
  readonly public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Every route the server registered, HEAD twins included. */
    routeList: RegisteredRoute[];
    /** Today's date in the operator's time zone as YYYY-MM-DD. */
    today(): string;
    now(): Date;
    /** The operator's IANA time zone: SQL takes it as a parameter (`AT TIME ZONE $n`). */
    timeZone: string;
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
    logController: new RequestLog(),
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
  registerAnswerSchemas(app);
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    // Read when asked: a plugin's own onRoute hook (the web app's) may mark the route public after this one ran.
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, schema: route.schema, get public() { return route.config?.public === true; } });
    }
  });
  const now = options.now ?? (() => new Date());
  app.decorate('db', options.coalesceReads === false ? options.db : coalescedReads(options.db, { reuseMs: options.readReuseMs ?? defaultReadReuseMs }));
  app.decorate('now', now);
  const timeZone = options.timeZone ?? defaultTimeZone;
  app.decorate('timeZone', timeZone);
  app.decorate('today', () => dayIn(timeZone, now()));
  registerAnswerCache(app, options.lookupCacheSeconds);
  registerVersionedCache(app, options.versionedCacheMb);
  app.setValidatorCompiler(zodValidatorCompiler);
  const webConfig: WebConfig = {
    apiBaseUrl: '',
    authBaseUrl: '',
    paymentsBaseUrl: '',
    masterBaseUrl: '',
    imagesBaseUrl: '/images',
    ...options.webConfig,
    timeZone,
    mail: options.mail?.smtpUrl !== undefined || options.mail?.transport !== undefined,
  };
  await registerSecurityHeaders(app, { webConfig, hsts: options.hsts ?? false });
  registerAnswerCompression(app, options.compressedAnswersMaxChars);
  // What is left to @fastify/compress is mostly the all-rows streams (up to tens of megabytes, compressed as they
  // go), and browsers take br before gzip (Chromium asks `gzip, deflate, br, zstd`, on http://localhost too).
  await app.register(fastifyCompress, { threshold: 1024, zlibOptions: streamGzipOptions, brotliOptions: streamBrotliOptions });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerDbCaller(app);
  registerAuth(app, { secret: options.jwtSecret, ttlSeconds: options.tokenTtlSeconds ?? defaultTokenTtlSeconds }, options.sessionCacheSeconds);
  // Loaded only when asked: @fastify/swagger is a tool of development, not of the running service.
  if (options.apiDocs) await (await import('./http/openApi.ts')).registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, {
    keys: { secret: options.jwtSecret, ttlSeconds: options.tokenTtlSeconds ?? defaultTokenTtlSeconds },
    limits: options.loginLimits,
    clock: options.loginClock,
  });
  await app.register(paymentsServiceRoutes);
  await app.register(aboutRoutes, { commit: options.commit ?? null });
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
  await app.register(exportRoutes, { reports: options.reports, limits: options.exportLimits });
  await registerSubscriptions(app, { mail: options.mail, secret: options.jwtSecret, reports: options.reports, exportLimits: options.exportLimits });

  app.get('/config.json', { config: { public: true } }, async () => webConfig);

  // The web app only when built; static files are the only answers besides the routes above.
  const webRoot = options.webRoot !== undefined && existsSync(join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  await app.register(webAppRoutes, { webRoot });
  return app;
}
