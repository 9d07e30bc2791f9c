import { z } from './zod';
import { idSchema } from './common';
import { bodyId, companyScopeQuerySchema, staffPersonRefSchema } from './staff';

// samples: who assesses whom, in which test of which campaign (the bundle's `assessments`). An
// assessor loads their samples with GET /users/assessed/{campaignId}/{testId}; staff manage them here.
// Both people must take part in the campaign, the assessor must have an assessor role (Assessor or
// staff) and the test must be the campaign's. A sample whose assessor has recorded ratings cannot be
// deleted or moved (409 IN_USE): the ratings would stop counting without anyone noticing.

export const sampleQuerySchema = z.extend(companyScopeQuerySchema, {
  campaignId: z.optional(idSchema),
  testId: z.optional(idSchema),
  assessorId: z.optional(idSchema),
  assessedId: z.optional(idSchema),
});
export type SampleQuery = z.infer<typeof sampleQuerySchema>;

export const staffSampleSchema = z.object({
  id: z.int(),
  campaignId: z.int(),
  testId: z.int(),
  testName: z.string(),
  assessor: staffPersonRefSchema,
  assessed: staffPersonRefSchema,
  /** The assessor has recorded ratings about this person in this test. */
  rated: z.boolean(),
});
export type StaffSample = z.infer<typeof staffSampleSchema>;

export const sampleWriteSchema = z.object({ campaignId: bodyId, testId: bodyId, assessorId: bodyId, assessedId: bodyId });
export type SampleWrite = z.infer<typeof sampleWriteSchema>;

export const sampleListResponseSchema = z.object({ status: z.literal(true), samples: z.array(staffSampleSchema) });
export const sampleResponseSchema = z.object({ status: z.literal(true), sample: staffSampleSchema });
