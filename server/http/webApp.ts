import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { posix } from 'node:path';
import { messages } from '../messages.ts';
import { HttpError } from './HttpError.ts';
import { isHiddenWebPath } from './security.ts';

export interface WebAppOptions {
  /** Folder of the built web app (with its index.html); undefined: no files, every unknown path a JSON 404. */
  webRoot: string | undefined;
}

/**
 * The path as a router or a file system could read it: origin of an absolute-form target and query dropped, escapes
 * decoded, case folded, slashes and dot segments collapsed.
 */
function looseReading(url: string): string {
  let path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as sent: a malformed escape names no page.
  }
  return posix.normalize(`/${path.toLowerCase()}`);
}

/** A page of the web app (a browser opening one of its paths): any GET outside the API, however spelt, that names no hidden file. */
function isAppPage(request: FastifyRequest): boolean {
  const path = looseReading(request.url);
  return request.method === 'GET' && path !== '/api' && !path.startsWith('/api/') && !isHiddenWebPath(request.url);
}

/**
 * The built web app and the not-found answer, in a plugin of their own: its `onRoute` hook marks the static routes
 * public (@fastify/static takes no route config), and no route outside it is touched. A path no route or file answers
 * gets the app's index page (the app routes by path) or, for anything else, a JSON 404; neither ever holds data.
 */
export async function webAppRoutes(app: FastifyInstance, { webRoot }: WebAppOptions) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  if (webRoot !== undefined) {
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
    // A path @fastify/static will not read (`//x`, `/./x`, `..`: its forbidden-path error, or the 400 or 403 @fastify/send
    // gives it) names no file: the same answer as any unknown path. Only the static routes are in this plugin.
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_STATIC_FORBIDDEN_PATH' || error.statusCode === 400 || error.statusCode === 403) return reply.callNotFound();
      throw error;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (webRoot === undefined || !isAppPage(request)) {
      throw new HttpError(404, messages.routeNotFound(request.method, request.url.split('?')[0]!));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
