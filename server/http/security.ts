import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebConfig } from './webConfig.ts';
import { isPublicRoute } from './auth.ts';

/** The origin of an absolute http(s) URL; undefined for a path on this server (or anything else). */
function absoluteOrigin(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function withOrigins(urls: string[]): string[] {
  const origins = urls.map(absoluteOrigin).filter((origin): origin is string => origin !== undefined);
  return ["'self'", ...new Set(origins)];
}

/**
 * The Content-Security-Policy of every answer: only this server's scripts, styles and workers (no inline code, no eval),
 * images from here and from the images service, calls to here and to the configured services, never framed.
 */
export function contentSecurityDirectives(webConfig: WebConfig): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'worker-src': ["'self'"],
    'img-src': [...withOrigins([webConfig.imagesBaseUrl]), 'data:'],
    'connect-src': withOrigins([webConfig.apiBaseUrl, webConfig.authBaseUrl, webConfig.paymentsBaseUrl, webConfig.masterBaseUrl]),
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export interface SecurityOptions {
  webConfig: WebConfig;
  /** Strict-Transport-Security: only when TLS is in front of the server (a proxy or the server itself). */
  hsts: boolean;
}

/**
 * Whether a browser or proxy may keep this answer as its own Cache-Control says: only a success of a public route that
 * set one (the web app's files, the placeholder images). Every other answer, errors included, is `no-store`.
 */
function keepsOwnCaching(request: FastifyRequest, reply: FastifyReply): boolean {
  return isPublicRoute(request) && reply.statusCode < 400 && reply.hasHeader('cache-control');
}

/** Dotfiles and source maps of the web root: never served, not even as the app's index page. */
export function isHiddenWebPath(url: string): boolean {
  let path = url.split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as sent: a malformed escape names no file.
  }
  return /(^|[\\/])\./.test(path) || /\.map$/i.test(path);
}

/** Security headers on every answer; `Cache-Control: no-store` on every answer, errors included, but a public route's own. */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options.webConfig) },
    strictTransportSecurity: options.hsts ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!keepsOwnCaching(request, reply)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
