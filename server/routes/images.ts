import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../http/zodProvider.ts';

const sizes = { lg: 640, md: 160 } as const;

/** A placeholder picture, its colour derived from the file name, so the demo shows no broken images. */
export function placeholderSvg(file: string, size: keyof typeof sizes): string {
  const hue = createHash('sha1').update(file).digest()[0]! * 360 / 256;
  const px = sizes[size];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${hue.toFixed(0)} 35% 82%)"/>` +
    `<circle cx="50" cy="38" r="18" fill="hsl(${hue.toFixed(0)} 30% 55%)"/>` +
    `<path d="M18 92c4-20 18-30 32-30s28 10 32 30z" fill="hsl(${hue.toFixed(0)} 30% 55%)"/></svg>`;
}

/** Stands in for the operator's images CDN (IMAGES_BASE_URL) when none is configured: /images/{lg|md}/{file}. */
export async function imageRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/images/:size/*',
    {
      config: { public: true },
      schema: { params: z.object({ size: z.enum(['lg', 'md']), '*': z.string().min(1).max(200) }) },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(placeholderSvg(request.params['*'], request.params.size)),
  );
}
