import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description generated from the route schemas, served at /api/docs. */
export const apiDocs = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Prova API', version: '1.0.0', description: 'Skills-assessment platform API.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'prova_session' },
          // API tokens (docs/staff-api.md "API tokens"): the routes they open say which scopes do.
          apiToken: { type: 'http', scheme: 'bearer', description: 'An API token of the company (prova_...), made in the console.' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
  });
});
