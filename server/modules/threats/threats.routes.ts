import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import {
  createThreatRequestSchema,
  stixBundleSchema,
  stixExportBundleSchema,
  STIX_IMPORT_MAX_BYTES,
  stixImportReportSchema,
  stixImportSummarySchema,
  stixObjectsQuerySchema,
  storedStixObjectSchema,
  threatSchema,
  threatsExportQuerySchema,
  threatsQuerySchema,
} from '../../../contract/threats.js';
import { STIX_MEDIA_TYPE } from '../../../contract/taxii.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { JSON_MEDIA_TYPE } from '../../lib/media-types.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as threats from './threats.service.js';

const tags = ['threat-intelligence'];

export async function threatsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/threat-intelligence',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The threat feed, newest first; AMBER+STRICT and RED records only for Directors',
        querystring: threatsQuerySchema,
        response: { 200: z.array(threatSchema), ...errors(400, 401) },
      },
    },
    async (request) => threats.listThreats(ctx, currentAuth(request).user, request.query),
  );

  r.post(
    '/api/threat-intelligence',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      // Before the body is read: a non-Director learns nothing from it and never costs a bundle parse.
      schema: {
        tags,
        summary: 'Add a threat (Directors)',
        body: createThreatRequestSchema,
        response: { 201: threatSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await threats.createThreat(ctx, currentAuth(request).user, request.body)),
  );

  r.get(
    '/api/threat-intelligence/export',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The records you may see as a STIX 2.1 bundle (same filters as the list)',
        querystring: threatsExportQuerySchema,
        response: { 200: stixExportBundleSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const bundle = await threats.exportStixBundle(ctx, currentAuth(request).user, request.query);
      // STIX's own media type for clients that ask for it; plain JSON otherwise (browsers, curl).
      const wantsStix = /application\/stix\+json/i.test(request.headers.accept ?? '');
      return reply.type(wantsStix ? STIX_MEDIA_TYPE : JSON_MEDIA_TYPE).send(bundle);
    },
  );

  r.get(
    '/api/threat-intelligence/objects',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Stored STIX objects of one type you may read (malware, relationships, ...), most recently added first',
        querystring: stixObjectsQuerySchema,
        response: { 200: z.array(storedStixObjectSchema), ...errors(400, 401) },
      },
    },
    async (request) => threats.listStoredObjects(ctx, currentAuth(request).user, request.query),
  );

  r.post(
    '/api/threat-intelligence/import',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      bodyLimit: STIX_IMPORT_MAX_BYTES,
      // Before the body is read: a non-Director learns nothing from it and never costs a bundle parse.
      schema: {
        tags,
        summary:
          'Import a STIX 2.1 bundle (Directors): every valid object is kept as sent; reports and standalone indicators become records',
        body: stixBundleSchema,
        response: { 200: stixImportReportSchema, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => threats.importStixBundle(ctx, currentAuth(request).user, request.body),
  );

  r.get(
    '/api/threat-intelligence/imports/latest',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary:
          'The last STIX import (API, bulk or TAXII) with its counts (Directors); null before the first',
        response: { 200: stixImportSummarySchema.nullable(), ...errors(401, 403) },
      },
    },
    async () => threats.latestImport(ctx),
  );
}
