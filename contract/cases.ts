import { z } from 'zod';
import { attackTechniqueIdSchema, CASE_TECHNIQUES_MAX } from './attack.js';
import { listQuerySchema } from './lists.js';
import { recordVisibilitySchema, visibilityFilterSchema } from './organization.js';
import { slaListQuerySchema, slaSchema } from './service-levels.js';

/**
 * What a Director's case estimate is in: a case is investigative work, which the firm charges its clients in
 * rupees, like the investigation catalogue and its estimates (subscriptions alone are in US dollars).
 */
export const CASE_COST_CURRENCY = 'INR';

export const CASE_CATEGORIES = [
  'investigation',
  'surveillance',
  'osint',
  'vip_protection',
  'digital_forensics',
  'threat_assessment',
] as const;
export type CaseCategory = (typeof CASE_CATEGORIES)[number];

export const CASE_STATUSES = ['open', 'in_progress', 'pending_review', 'completed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

export const CASE_UPDATE_TYPES = [
  'comment',
  'status_change',
  'assignment',
  'cost_estimate',
  'internal_note',
] as const;
export type CaseUpdateType = (typeof CASE_UPDATE_TYPES)[number];

/** Forward along the case's life, and back from review to work. */
export const CASE_STATUS_MOVES: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  open: ['in_progress'],
  in_progress: ['pending_review'],
  pending_review: ['completed', 'in_progress'],
  completed: ['closed'],
  closed: [],
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** `POST /api/cases`. */
export const createCaseRequestSchema = z.object({
  title: z
    .string({ error: 'Title must be at least 5 characters' })
    .trim()
    .min(5, 'Title must be at least 5 characters')
    .max(200, 'Title must be at most 200 characters'),
  description: z
    .string({ error: 'Description must be at least 20 characters' })
    .trim()
    .min(20, 'Description must be at least 20 characters')
    .max(10_000, 'Description must be at most 10000 characters'),
  category: z.enum(CASE_CATEGORIES, { error: 'Category is required' }),
  priority: z.enum(CASE_PRIORITIES).default('medium'),
  /** A date (YYYY-MM-DD) or a full timestamp; empty means none. */
  deadline: z
    .union([z.iso.date(), z.iso.datetime({ offset: true }), z.literal('')], { error: 'Enter a valid date' })
    .optional()
    .transform((value) => value || undefined),
  clientRequirements: optionalText(5_000),
  /** `organization`: every member of the owner's organisation reads it (design 12.3). */
  visibility: recordVisibilitySchema.default('private'),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;

/** What everyone who reads a case sees of its tasks (design 12.5): clients get nothing more. */
export const taskProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type TaskProgress = z.infer<typeof taskProgressSchema>;

export const caseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CASE_CATEGORIES),
  priority: z.enum(CASE_PRIORITIES),
  status: z.enum(CASE_STATUSES),
  deadline: z.iso.datetime().nullable(),
  clientRequirements: z.string().nullable(),
  assignedAgentId: z.string().nullable(),
  /** The agent's name (or e-mail when no name is set). */
  assignedAgent: z.string().nullable(),
  /** In CASE_COST_CURRENCY; null until a Director estimates it. */
  estimatedCost: z.string().nullable(),
  /** The client who opened it; Directors, and colleagues reading a shared case, see whose case it is. */
  ownerEmail: z.string().optional(),
  /** `organization`: shared with the owner's organisation (design 12.3). */
  visibility: recordVisibilitySchema,
  /** Whether the reader opened it (a colleague's shared case is not theirs). */
  mine: z.boolean(),
  /** Service levels (design 11.6): the clocks of the tier the case was opened at. */
  sla: slaSchema,
  /** Tasks done (cancelled ones count as neither) of all that are not cancelled. */
  tasks: taskProgressSchema,
  /** ATT&CK technique ids (design 12.5), in the order they were set. */
  attackTechniques: z.array(z.string()),
  /** Set when this case was merged into another: the case to read instead. */
  mergedInto: z.object({ id: z.string(), caseNumber: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Case = z.infer<typeof caseSchema>;

export const caseUpdateSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  updateType: z.enum(CASE_UPDATE_TYPES),
  content: z.string(),
  isInternal: z.boolean(),
  author: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CaseUpdate = z.infer<typeof caseUpdateSchema>;

export const caseDetailSchema = caseSchema.extend({ updates: z.array(caseUpdateSchema) });
export type CaseDetail = z.infer<typeof caseDetailSchema>;

const content = z
  .string({ error: 'Content is required' })
  .trim()
  .min(1, 'Content is required')
  .max(5_000, 'Content must be at most 5000 characters');
const note = content.optional();
/** Design 11.2: an update is internal (Directors only) when this is true or its type is `internal_note`. */
const isInternal = z.boolean({ error: 'isInternal must be true or false' }).optional();

/**
 * `POST /api/cases/{caseId}/updates`: the client may comment; a Director may also move the status, assign an
 * agent, set the estimated cost and add internal notes, each its own `updateType`. Any update a Director makes may
 * be kept internal with `isInternal: true`; an internal note cannot be made public.
 */
export const createCaseUpdateRequestSchema = z.discriminatedUnion(
  'updateType',
  [
    z.object({ updateType: z.literal('comment'), content, isInternal }),
    z.object({
      updateType: z.literal('internal_note'),
      content,
      isInternal: z.literal(true, { error: 'An internal note is always internal' }).optional(),
    }),
    z.object({
      updateType: z.literal('status_change'),
      status: z.enum(CASE_STATUSES),
      content: note,
      isInternal,
    }),
    z.object({
      updateType: z.literal('assignment'),
      assignedAgentId: z.string().max(100),
      content: note,
      isInternal,
    }),
    z.object({
      updateType: z.literal('cost_estimate'),
      isInternal,
      estimatedCost: z
        .union([z.string(), z.number()])
        .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value.trim()))
        .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Estimated cost must be an amount such as 2500.00')),
      content: note,
    }),
  ],
  { error: 'Update type must be comment, status_change, assignment, cost_estimate or internal_note' },
);
export type CreateCaseUpdateRequest = z.input<typeof createCaseUpdateRequestSchema>;

/**
 * `PATCH /api/cases/{id}`: `visibility` (its owner: shared with their organisation or private, design 12.3) and
 * `attackTechniques` (Directors: the ATT&CK techniques seen in the case, checked against the shipped table,
 * upper-cased and de-duplicated; design 12.5). At least one.
 */
export const patchCaseRequestSchema = z
  .object({
    visibility: recordVisibilitySchema.optional(),
    attackTechniques: z
      .array(attackTechniqueIdSchema, { error: 'attackTechniques must be a list of technique ids' })
      .max(CASE_TECHNIQUES_MAX, `At most ${CASE_TECHNIQUES_MAX} techniques`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine(
    (value) => value.visibility !== undefined || value.attackTechniques !== undefined,
    'Change visibility or attackTechniques',
  );
export type PatchCaseRequest = z.input<typeof patchCaseRequestSchema>;

/** `POST /api/cases/{id}/merge` (Directors): this case goes into `intoCaseId`. */
export const mergeCaseRequestSchema = z.object({
  intoCaseId: z.string({ error: 'Choose the case to merge into' }).max(100),
});

/**
 * Which cases `GET /api/cases` lists: `own` (default), and for Directors `queue` (open and unassigned: what nobody
 * has picked up yet), `all`, or `?assigned=true` (assigned to me).
 */
export const CASE_SCOPES = ['own', 'queue', 'all'] as const;

export const casesQuerySchema = listQuerySchema.extend({
  assigned: z.enum(['true', 'false']).optional(),
  scope: z.enum(CASE_SCOPES).optional(),
  /** A case number (a merged case's number finds the case it went into) or words of the title. */
  q: z.string().trim().max(100).optional(),
  /** Your list: only the cases shared with your organisation, or only your private ones. */
  visibility: visibilityFilterSchema,
  ...slaListQuerySchema.shape,
});
