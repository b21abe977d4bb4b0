import type { FastifyInstance } from 'fastify';

/** Lookups: /api/v1/user, /api/v1/user/{id}, /api/v1/place, /place/spaces, /place/typology, /place/business. */
export async function lookupRoutes(_app: FastifyInstance) {}
