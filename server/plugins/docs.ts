import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The docs page's own CSP (it replaces the app's on /api/docs only): swagger-ui's, with the hashes of its inline
 * script, except that the UI sets style attributes as it renders (as Radix does in the app, whose CSP allows the
 * same), which `style-src 'self' https:` refused with a console error on every load; and without the public
 * validator, which it no longer uses.
 */
export function docsCsp(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name] = directive.split(/\s+/);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      if (name === 'img-src') return "img-src 'self' data:";
      return directive;
    })
    .join('; ');
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export default fp(
  async function docsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Intelligence portal API',
          description: 'Error bodies are `{ message, code, issues? }`; mutations take JSON.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
            apiKey: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No badge from the public validator: the page asks nothing of other hosts.
      uiConfig: { validatorUrl: null },
      staticCSP: true,
      transformStaticCSP: docsCsp,
    });
  },
  { name: 'docs' },
);
