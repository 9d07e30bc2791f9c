import { TEST_360_ID } from '@prova/contract/limits';

// Which of a campaign's tests are whose. An assessor test (listed in the campaign's `assessments`) is filled in by
// assessors about candidates; the 360 questionnaire (TEST_360_ID) belongs only to a 360 campaign, and its progress is
// the evaluations' rather than a test's. A QTI package test listed in the assessments is no assessor test: the
// candidates take it, and its assessors rate the items it leaves to an assessor (domain/item-ratings.ts). Their SQL
// twin is repositories/candidate-tests.ts.

interface CampaignTestRef {
  id: number;
  /** 1 when the campaign's assessments list the test and it is not a QTI package test. */
  assessor_test: number;
}

/** The 360 questionnaire is a test of a campaign only when the campaign is a 360 one. */
export const belongsToCampaign = (test: { id: number }, campaign: { is360: number }) => test.id !== TEST_360_ID || campaign.is360 === 1;

/** A candidate's own test: one they take themselves and that counts in their progress (not an assessor test, not the 360). */
export const isCandidatesOwnTest = (test: CampaignTestRef) => test.assessor_test !== 1 && test.id !== TEST_360_ID;

/** The tests a person sees in a campaign: the campaign's, but an assessor test only for an assessor. */
export const shownInCampaign = (test: CampaignTestRef, campaign: { is360: number }, assessor: boolean) =>
  belongsToCampaign(test, campaign) && (assessor || test.assessor_test !== 1);
