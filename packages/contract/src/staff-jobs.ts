import { z } from './zod';
import { staffPersonRefSchema } from './staff';

// Jobs: imports and exports. GET /api/staff/jobs (the company's recent jobs), GET /api/staff/jobs/{jobId}

export const JOB_KINDS = ['import', 'export'] as const;
/**
 * queued -> validating -> validated | invalid (an import waits for its confirmation at validated)
 * -> importing -> done | failed; an export: queued -> exporting -> done | failed.
 * `failed` also names a job whose server stopped before it ended.
 */
export const JOB_STATES = ['queued', 'validating', 'validated', 'invalid', 'importing', 'exporting', 'done', 'failed'] as const;
export const FINAL_JOB_STATES = ['invalid', 'done', 'failed'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobParamsSchema = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected a job id')) });

const importCountsSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  removed: z.int(),
});
/** What an import did, by kind of record. */
export const importSummarySchema = z.record(z.string(), importCountsSchema);
/** What an import will do, seen at validation: records to create and to update, by list of the bundle. */
export const importPlanSchema = z.record(z.string(), z.object({ create: z.int(), update: z.int() }));
/** A campaign an import writes, for a link to it: its id and its name by language, as the bundle gives them. */
export const importCampaignSchema = z.object({ id: z.int(), name: z.record(z.string(), z.string()) });
export type ImportCampaign = z.infer<typeof importCampaignSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: jobStateSchema,
  /** What it is doing now, e.g. 'validating', 'passwords', 'writing', 'rows', 'file'. */
  phase: z.string(),
  /** Progress of the phase: `done` of `total` (0 of 0 when unknown). */
  done: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  campaignId: z.nullable(z.int()),
  createdBy: staffPersonRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Import: the full validation report as `path: message` lines (empty when valid). */
  problems: z.array(z.string()),
  /** Import: what it will write (known once validated). */
  plan: z.nullable(importPlanSchema),
  /** Import: the campaigns the bundle writes (known once validated), whether it came as JSON or in a zip. */
  campaigns: z.array(importCampaignSchema),
  /** Import: what it wrote (when done). */
  summary: z.nullable(importSummarySchema),
  /** Import: what staff should know, known once validated (e.g. that only a package's first SCO is delivered). */
  notes: z.array(z.string()),
  /** Export: the file to download once done. */
  file: z.nullable(z.object({ name: z.string(), contentType: z.string(), size: z.int() })),
  format: z.nullable(exportFormatSchema),
  /** Why it failed. */
  error: z.nullable(z.string()),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ status: z.literal(true), job: jobSchema });
export const jobListResponseSchema = z.object({ status: z.literal(true), jobs: z.array(jobSchema) });
export type JobResponse = z.infer<typeof jobResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Bundle upload: POST /api/staff/imports (the bundle itself as the JSON body, up to
// BUNDLE_UPLOAD_MAX_BYTES; or a zip of bundle.json and the packages its tests name, as an
// `application/zip` body up to BUNDLE_ZIP_UPLOAD_MAX_BYTES) answers 202 with a job that validates without writing anything: the same
// checks as `npm run import`, plus that the bundle touches only the caller's company (its companies,
// people, campaigns and tests). Then POST /api/staff/imports/{jobId}/confirm writes it (validated
// again in the import's transaction); 409 CONFLICT unless the job is `validated`.

export const importUploadRequestSchema = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Export: POST /api/staff/campaigns/{campaignId}/exports answers 202 with a job; once done,
// GET /api/staff/jobs/{jobId}/file downloads it. One row per participant: name, e-mail, role,
// language, invited, last activity, per test its status and completion time, every outcome
// (`<test abbreviation>.<questionId>`), every marker, skill and area value of the report model,
// the 360 evaluations given (done of total). CSV: UTF-8 with BOM, comma separated; XLSX: one sheet.

export const exportRequestSchema = z.object({ format: exportFormatSchema });
export type ExportRequest = z.infer<typeof exportRequestSchema>;
