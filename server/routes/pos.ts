import type { FastifyInstance } from 'fastify';
import { posFigureRoutes } from './pos/figures.ts';
import { posOrderRoutes } from './pos/orders.ts';
import { posProductRoutes } from './pos/products.ts';

/** Point-of-sale reports under /api/v1/report/: order lists, product lists and figures. */
export async function posRoutes(app: FastifyInstance) {
  await app.register(posOrderRoutes);
  await app.register(posProductRoutes);
  await app.register(posFigureRoutes);
}
