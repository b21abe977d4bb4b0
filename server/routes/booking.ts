import type { FastifyInstance } from 'fastify';

/** Booking detail calls: /api/v1/booking/... and /api/v1/order/{id}. */
export async function bookingRoutes(_app: FastifyInstance) {}
