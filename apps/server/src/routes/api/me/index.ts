import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { myDataResponseSchema, personalDataFileName } from '@prova/contract/personal-data';
import { sendDownload } from '../../../http/send-file';
import { requireAuth } from '../../../plugins/session';
import { myDataSummary, personalDataOf } from '../../../services/personal-data/personal-data';
import { personalDataZip } from '../../../services/personal-data/personal-data-zip';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema };
const EXPORTS_PER_MINUTE = 10;

/** /api/me: the signed-in person's own data (issue 52), whatever campaign is selected, consent or not. */
export default async function meRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  app.get('/data', { schema: { tags: ['me'], response: { 200: myDataResponseSchema, ...errors } } }, async (request) => {
    const { user } = await requireAuth(request);
    return { status: true as const, ...(await myDataSummary(repos, user)) };
  });

  // Each export computes every report and draws its PDF: a few a minute per person are plenty.
  const exportLimit = {
    rateLimit: {
      max: EXPORTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: async (request: FastifyRequest) => {
        const auth = await request.loadAuth();
        return auth ? `data-export:${auth.user.id}` : `data-export-ip:${request.ip}`;
      },
    },
  };
  app.get(
    '/data-export',
    { schema: { tags: ['me'], response: { ...errors, 429: apiErrorSchema } }, config: exportLimit },
    async (request, reply) => {
      const auth = await requireAuth(request);
      const zip = await personalDataZip(await personalDataOf(repos, auth, auth.user.id));
      request.audit({
        event: 'personal-data-exported',
        userId: auth.user.id,
        target: `people/${auth.user.id}`,
        subjectUserId: auth.user.id,
      });
      return sendDownload(reply, zip, 'application/zip', personalDataFileName(auth.user.id));
    },
  );
}
