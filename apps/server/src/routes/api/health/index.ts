import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const healthSchema = z.object({ status: z.boolean(), database: z.enum(['ok', 'unavailable']) });

/** GET /api/health: whether the server can reach its database, for load balancers and monitoring. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/', { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    try {
      await app.repos.health.ping();
      return { status: true, database: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: false, database: 'unavailable' as const });
    }
  });
}
