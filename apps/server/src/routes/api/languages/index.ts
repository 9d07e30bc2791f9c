import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyScopeQuerySchema } from '@prova/contract/staff';
import {
  languageCreateSchema,
  languageDeleteResponseSchema,
  languageListResponseSchema,
  languageParamsSchema,
  languageResponseSchema,
  languageSelectionSchema,
  languageUpdateSchema,
} from '@prova/contract/staff-languages';
import { HttpError, notFound } from '../../../http/http-error';
import { requireOperator, requireOwnCompany, requireStaff, type StaffContext } from '../../../policies/staff-access';
import { presentLanguage } from '../../../presenters/present-staff';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Languages (spec 7): the platform's list of content languages, one for every company. Only the
 * three the interface speaks exist (another code is a 422). Staff read them; only the platform operator
 * (role `operator`) names, adds or deletes one (one that nothing uses), since every company sees them.
 */
export default async function languagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff } = app.repos;

  async function findLanguage(context: StaffContext, lang: string) {
    const found = (await staff.languages.list(context.companyId)).find((l) => l.lang === lang);
    if (!found) throw notFound('Language');
    return presentLanguage(found);
  }

  async function deleteLanguages(context: StaffContext, langs: string[]) {
    const known = new Set((await staff.languages.list(context.companyId)).map((l) => l.lang));
    const missing = langs.find((lang) => !known.has(lang));
    if (missing) throw notFound('Language');
    for (const lang of langs) {
      if (await staff.languages.inUse(lang))
        throw new HttpError(409, 'IN_USE', `${lang} is used by a campaign or a person: it cannot be deleted`);
    }
    await staff.languages.delete(langs);
  }

  app.get(
    '/',
    { schema: { tags: ['staff'], querystring: companyScopeQuerySchema, response: { 200: languageListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      return { status: true as const, languages: (await staff.languages.list(companyId)).map(presentLanguage) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['staff'], params: languageParamsSchema, response: { 200: languageResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return { status: true as const, language: await findLanguage(context, request.params.id) };
    },
  );

  app.post(
    '/',
    { schema: { tags: ['staff'], body: languageCreateSchema, response: { 200: languageResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireOperator(request);
      const { lang, name } = request.body;
      if (!(await staff.languages.create(lang, name))) throw new HttpError(409, 'CONFLICT', `${lang} exists already`);
      request.audit({ event: 'staff-created', userId: context.user.id, target: `languages/${lang}` });
      return { status: true as const, language: await findLanguage(context, lang) };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['staff'],
        params: languageParamsSchema,
        body: languageUpdateSchema,
        response: { 200: languageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireOperator(request);
      if (!(await staff.languages.rename(request.params.id, request.body.name))) throw notFound('Language');
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `languages/${request.params.id}` });
      return { status: true as const, language: await findLanguage(context, request.params.id) };
    },
  );

  app.delete(
    '/selection',
    { schema: { tags: ['staff'], body: languageSelectionSchema, response: { 200: languageDeleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireOperator(request);
      const ids = [...new Set(request.body.ids)];
      await deleteLanguages(context, ids);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `languages/${ids.join(',')}` });
      return { status: true as const, deleted: ids };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags: ['staff'], params: languageParamsSchema, response: { 200: languageDeleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireOperator(request);
      await deleteLanguages(context, [request.params.id]);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `languages/${request.params.id}` });
      return { status: true as const, deleted: [request.params.id] };
    },
  );
}
