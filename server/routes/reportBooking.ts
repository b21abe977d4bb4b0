import type { FastifyInstance } from 'fastify';

/** /api/v1/report/booking, /api/v1/report/dashboard, /api/v1/report/booking/ocupacion. */
export async function reportBookingRoutes(_app: FastifyInstance) {}
