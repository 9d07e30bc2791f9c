import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyResponseSchema, currentCompanyRequestSchema } from '@prova/contract/staff-companies';
import { requireOperator, requireStaff } from '../../../../policies/staff-access';
import { findCompany } from '../../../../services/staff/companies/manage-companies';

const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/**
 * The company the console works on: for the operator the session's current company, which they switch here (every
 * other staff call then works on it: policies/staff-access.ts); for other staff always their own.
 */
export default async function currentCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { schema: { tags: ['staff'], response: { 200: companyResponseSchema, ...errors } } }, async (request) => {
    const { companyId } = await requireStaff(request);
    return { status: true as const, company: await findCompany(app.repos, companyId) };
  });

  app.put(
    '/',
    { schema: { tags: ['staff'], body: currentCompanyRequestSchema, response: { 200: companyResponseSchema, ...errors } } },
    async (request) => {
      const { session, user } = await requireOperator(request);
      const company = await findCompany(app.repos, request.body.companyId);
      // Their own company is the default: stored as none, so that deleting a client company never strands them.
      await app.repos.sessions.selectCompany(session.id, company.id === user.company_id ? null : company.id);
      request.audit({ event: 'current-company-changed', userId: user.id, target: `companies/${company.id}`, companyId: company.id });
      return { status: true as const, company };
    },
  );
}
