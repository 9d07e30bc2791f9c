// Handlers that succeed with fixed answers and record what they were given, for tests.
import type { ActivityHandlers, ActivitySession } from '../handlers';

export const CANDIDATE: ActivitySession = { campaignId: 5001, testId: 101, userId: 7, lang: 'IT_it', isAssessor: false };
export const ASSESSOR: ActivitySession = { campaignId: 5001, testId: 201, userId: 9, lang: 'EN_en', isAssessor: true };

export function recordingHandlers(overrides: Partial<ActivityHandlers> = {}) {
  const calls: Array<[string, ...unknown[]]> = [];
  const record =
    <T>(name: string, answer: T) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args.slice(0, -1)]);
      return answer;
    };
  const handlers: ActivityHandlers = {
    init: record('init', {
      status: true,
      testStatus: 'incomplete' as const,
      data: { answers: { q1: 'a' } },
      version: 3,
      testData: '{"timer":20}',
    }),
    setStatus: record('setStatus', undefined),
    setData: record('setData', undefined),
    setPending: record('setPending', undefined),
    trackOutcomes: record('trackOutcomes', undefined),
    log: record('log', undefined),
    rpc: record('rpc', { echoed: true }),
    exit: record('exit', undefined),
    getSamples: record('getSamples', [{ id: 7, firstName: 'Giulia', lastName: 'Ferri' }]),
    getAssessedOutcomes: record('getAssessedOutcomes', [{ evaluatedId: 7, questionId: 'ascolto', value: 4 }]),
    getAssessedStore: record('getAssessedStore', { answers: { q1: 'b' } }),
    trackAssessedOutcomes: record('trackAssessedOutcomes', undefined),
    ...overrides,
  };
  return { handlers, calls };
}
