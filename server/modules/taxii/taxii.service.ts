import { STIX_ID } from '../../../contract/threats.js';
import {
  STIX_MEDIA_TYPE,
  TAXII_API_ROOT_PATH,
  TAXII_COLLECTION_ID,
  TAXII_COLLECTION_TITLE,
  TAXII_DEFAULT_LIMIT,
  TAXII_MAX_LIMIT,
  TAXII_MEDIA_TYPE,
  type TaxiiError,
  type TaxiiStatus,
} from '../../../contract/taxii.js';
import { STIX_IMPORT_MAX_BYTES } from '../../../contract/threats.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import type { AuthContext } from '../../plugins/session.js';
import * as threats from '../threats/threats.service.js';

/*
 * The TAXII 2.1 feed (design 11.4, decision 016) over the threats module's STIX objects: what each request may
 * read comes from `threats.readerGate`, the gate of the threat list. HTTP-free: the routes turn these into answers.
 */

/** A request TAXII answers with an error message (TAXII 2.1 section 3.6.1) and this status. */
export class TaxiiHttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly description?: string,
  ) {
    super(title);
  }

  body(): TaxiiError {
    return {
      title: this.title,
      ...(this.description ? { description: this.description } : {}),
      http_status: String(this.status),
    };
  }
}

export const badRequest = (description: string) => new TaxiiHttpError(400, 'Bad request', description);
export const notFound = (description: string) => new TaxiiHttpError(404, 'Not found', description);
export const forbidden = (description: string) => new TaxiiHttpError(403, 'Forbidden', description);

/** Whether this caller may add to the collection: a Director's key with the write or admin permission. */
export function canWrite(auth: AuthContext): boolean {
  const permissions = auth.apiKey?.permissions ?? [];
  return auth.user.tier >= DIRECTOR_TIER && (permissions.includes('write') || permissions.includes('admin'));
}

export function discovery(origin: string) {
  return {
    title: 'Intel Portal TAXII 2.1',
    description: 'Threat intelligence as STIX 2.1, for the tools of clients with an API key.',
    default: `${origin}${TAXII_API_ROOT_PATH}`,
    api_roots: [`${origin}${TAXII_API_ROOT_PATH}`],
  };
}

export function apiRoot() {
  return {
    title: 'Threat Intelligence',
    description:
      'The threat intelligence each API key’s owner may read (tier and TLP rules of the threat list).',
    versions: [TAXII_MEDIA_TYPE],
    max_content_length: STIX_IMPORT_MAX_BYTES,
  };
}

export function collection(auth: AuthContext) {
  return {
    id: TAXII_COLLECTION_ID,
    title: TAXII_COLLECTION_TITLE,
    description: 'Reports, indicators and every STIX object they carry, newest versions by default.',
    can_read: true,
    can_write: canWrite(auth),
    media_types: [STIX_MEDIA_TYPE],
  };
}

export function assertCollection(id: string): void {
  if (id !== TAXII_COLLECTION_ID) throw notFound(`No collection ${id.slice(0, 80)} here`);
}

type Query = Record<string, string | string[] | undefined>;

/** A filter's values: repeated parameters and comma-separated lists alike. */
function listParam(query: Query, name: string): string[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','));
  return values.map((value) => value.trim()).filter((value) => value.length > 0);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const TYPE = /^[a-z0-9][a-z0-9-]{0,249}$/;

function timestamp(value: string, name: string): Date {
  const date = TIMESTAMP.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw badRequest(`${name} must be a UTC timestamp such as 2026-01-31T12:00:00.000Z`);
  }
  return date;
}

function single(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (Array.isArray(raw)) throw badRequest(`${name} may be given once`);
  return raw;
}

interface PageToken {
  dateAdded: Date;
  seq: number;
}

function encodeNext(token: PageToken): string {
  return Buffer.from(JSON.stringify([token.dateAdded.toISOString(), token.seq])).toString('base64url');
}

function decodeNext(value: string): PageToken {
  try {
    const [dateAdded, seq] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (typeof dateAdded === 'string' && Number.isSafeInteger(seq) && TIMESTAMP.test(dateAdded)) {
      return { dateAdded: new Date(dateAdded), seq: seq as number };
    }
  } catch {
    // Falls through to the error below.
  }
  throw badRequest('next is not a value this server gave');
}

export interface FeedQuery {
  ids?: string[];
  types?: string[];
  specVersions?: string[];
  versions: { last: boolean; first: boolean; all: boolean; at: Date[] };
  addedAfter?: Date;
  after?: PageToken;
  limit: number;
}

/** Reads TAXII's filters: `added_after`, `limit`, `next`, `match[id|type|version|spec_version]`. */
export function parseQuery(query: Query, options: { versionDefault?: 'last' | 'all' } = {}): FeedQuery {
  const addedAfterText = single(query, 'added_after');
  const limitText = single(query, 'limit');
  const nextText = single(query, 'next');
  let limit = TAXII_DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d{1,7}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > TAXII_MAX_LIMIT) {
      throw badRequest(`limit must be a whole number from 1 to ${TAXII_MAX_LIMIT}`);
    }
    limit = Number(limitText);
  }
  const ids = listParam(query, 'match[id]');
  for (const id of ids ?? [])
    if (!STIX_ID.test(id)) throw badRequest(`match[id] "${id.slice(0, 80)}" is not a STIX id`);
  const types = listParam(query, 'match[type]');
  for (const type of types ?? [])
    if (!TYPE.test(type)) throw badRequest(`match[type] "${type.slice(0, 80)}" is not a STIX type`);
  const specVersions = listParam(query, 'match[spec_version]');
  const versionValues = listParam(query, 'match[version]') ?? [options.versionDefault ?? 'last'];
  const versions = { last: false, first: false, all: false, at: [] as Date[] };
  for (const value of versionValues) {
    if (value === 'last' || value === 'first' || value === 'all') versions[value] = true;
    else versions.at.push(timestamp(value, 'match[version]'));
  }
  return {
    ...(ids?.length ? { ids } : {}),
    ...(types?.length ? { types } : {}),
    ...(specVersions?.length ? { specVersions } : {}),
    versions,
    ...(addedAfterText !== undefined ? { addedAfter: timestamp(addedAfterText, 'added_after') } : {}),
    ...(nextText !== undefined ? { after: decodeNext(nextText) } : {}),
    limit,
  };
}

/** One page of object versions, with what the TAXII headers and `more`/`next` say about it. */
export interface Page<T> {
  items: T[];
  more: boolean;
  next?: string;
  firstAdded?: string;
  lastAdded?: string;
}

async function page(ctx: AppContext, auth: AuthContext, query: FeedQuery) {
  const rows = await threats.queryObjects(ctx, auth.user, query);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    rows: items,
    more,
    ...(more && last ? { next: encodeNext({ dateAdded: last.dateAdded, seq: last.seq }) } : {}),
    ...(items.length
      ? { firstAdded: items[0]!.dateAdded.toISOString(), lastAdded: last!.dateAdded.toISOString() }
      : {}),
  };
}

export async function objects(ctx: AppContext, auth: AuthContext, query: FeedQuery) {
  const found = await page(ctx, auth, query);
  return { ...found, items: found.rows.map((row) => row.object) };
}

export async function manifest(ctx: AppContext, auth: AuthContext, query: FeedQuery) {
  const found = await page(ctx, auth, query);
  return {
    ...found,
    items: found.rows.map((row) => ({
      id: row.stixId,
      date_added: row.dateAdded.toISOString(),
      version: row.version ?? row.dateAdded.toISOString(),
      media_type: STIX_MEDIA_TYPE,
    })),
  };
}

/** One object's versions (or, without `match[version]`, its newest): 404 when the caller may read none. */
export async function object(ctx: AppContext, auth: AuthContext, id: string, query: FeedQuery) {
  if (!STIX_ID.test(id)) throw notFound(`${id.slice(0, 80)} is not a STIX id`);
  await assertReadable(ctx, auth, id);
  return objects(ctx, auth, { ...query, ids: [id] });
}

export async function versions(ctx: AppContext, auth: AuthContext, id: string, query: FeedQuery) {
  if (!STIX_ID.test(id)) throw notFound(`${id.slice(0, 80)} is not a STIX id`);
  await assertReadable(ctx, auth, id);
  const found = await page(ctx, auth, { ...query, ids: [id], versions: { ...query.versions, all: true } });
  return { ...found, items: found.rows.map((row) => row.version ?? row.dateAdded.toISOString()) };
}

async function assertReadable(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  const any = await threats.queryObjects(ctx, auth.user, {
    ids: [id],
    versions: { last: false, first: false, all: true, at: [] },
    limit: 1,
  });
  if (!any.length) throw notFound(`No object ${id} in this collection`);
}

/** An add (POST objects): a TAXII envelope, imported at once; its status resource is complete when this answers. */
export async function add(ctx: AppContext, auth: AuthContext, body: unknown): Promise<TaxiiStatus> {
  if (!canWrite(auth)) {
    throw forbidden(
      auth.user.tier >= DIRECTOR_TIER
        ? 'Adding needs an API key with the write or admin permission'
        : 'Only Directors (tier 4) may add to this collection',
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The body must be a TAXII envelope: {"objects": [...]}');
  }
  const given = (body as { objects?: unknown }).objects;
  if (!Array.isArray(given)) throw badRequest('The envelope needs an objects list');
  const { row } = await threats.importStixObjects(ctx, auth.user, given, 'taxii');
  return toStatus(row);
}

export async function status(ctx: AppContext, auth: AuthContext, id: string): Promise<TaxiiStatus> {
  const row = await threats.findImport(ctx, auth.user, id);
  if (!row || row.via !== 'taxii') throw notFound(`No status ${id.slice(0, 80)} for this API key’s owner`);
  return toStatus(row);
}

function toStatus(row: NonNullable<Awaited<ReturnType<typeof threats.findImport>>>): TaxiiStatus {
  return {
    id: row.id,
    status: row.status === 'pending' ? 'pending' : 'complete',
    request_timestamp: row.createdAt.toISOString(),
    total_count: row.totalCount,
    success_count: row.successes.length,
    successes: row.successes,
    failure_count: row.failures.length,
    failures: row.failures,
    pending_count: 0,
    pendings: [],
  };
}
