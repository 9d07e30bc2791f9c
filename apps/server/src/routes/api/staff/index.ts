import type { FastifyInstance } from 'fastify';
import analysisRoutes from './analysis/index';
import auditRoutes from './audit/index';
import authoredTestsRoutes from './authored-tests/index';
import campaignsRoutes from './campaigns/index';
import currentCompanyRoutes from './current-company/index';
import erasureRoutes from './erasure/index';
import exportsRoutes from './exports/index';
import importsRoutes from './imports/index';
import invitationsRoutes from './invitations/index';
import jobsRoutes from './jobs/index';
import normsRoutes from './norms/index';
import progressRoutes from './progress/index';
import reportsRoutes from './reports/index';
import resetsRoutes from './resets/index';
import responsesRoutes from './responses/index';
import tokensRoutes from './tokens/index';
import webhooksRoutes from './webhooks/index';
import testLibraryRoutes from './test-library/index';

/** The staff console's campaign operations, mounted under /api/staff: one plugin per feature. */
export default async function staffRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  await app.register(campaignsRoutes, { prefix: '/campaigns' });
  await app.register(progressRoutes, { prefix: '/campaigns' });
  await app.register(invitationsRoutes, { prefix: '/campaigns', publicUrl: opts.publicUrl });
  await app.register(resetsRoutes, { prefix: '/campaigns' });
  await app.register(exportsRoutes, { prefix: '/campaigns' });
  await app.register(reportsRoutes, { prefix: '/campaigns' });
  await app.register(responsesRoutes, { prefix: '/campaigns' });
  await app.register(importsRoutes, { prefix: '/imports' });
  await app.register(jobsRoutes, { prefix: '/jobs' });
  await app.register(authoredTestsRoutes, { prefix: '/authored-tests' });
  await app.register(analysisRoutes);
  await app.register(normsRoutes);
  await app.register(currentCompanyRoutes, { prefix: '/current-company' });
  await app.register(tokensRoutes, { prefix: '/tokens' });
  await app.register(webhooksRoutes, { prefix: '/webhooks' });
  await app.register(testLibraryRoutes);
  await app.register(auditRoutes);
  await app.register(erasureRoutes);
}
