// The hand checks of item analysis's reads give what the contract's schemas give, for what the server stores and for
// what they refuse.
import { qtiProgressSchema } from '@prova/contract/content';
import { outcomeListSchema } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import { storedOutcomes, storedQtiProgress } from './stored-attempt';

const viaSchema = <T>(schema: { safeParse(x: unknown): { success: boolean; data?: T } }, text: string | null) => {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

// What the analysis reads of a progress (other keys the schema drops are left as they are).
const responsesOf = (p: { responses: unknown } | null | undefined) => (p ? p.responses : null);

const progress = [
  { qti: 1, position: null, flagged: [], responses: { i1: { RESPONSE: 'A' }, i2: { RESPONSE: ['A', 'B'] }, i3: { RESPONSE: null } } },
  { qti: 1, position: 'i2', flagged: ['i1'], seed: 'x', responses: {}, extra: true },
  { qti: 2, position: null, flagged: [], responses: {} },
  { qti: 1, position: 3, flagged: [], responses: {} },
  { qti: 1, position: null, flagged: [], responses: { i1: { RESPONSE: 4 } } },
  { qti: 1, position: null, flagged: [], responses: { i1: 'A' } },
  { qti: 1, position: null, flagged: [1], responses: {} },
  [1, 2],
];
const outcomes = [
  [
    { questionId: 'i1', value: 1 },
    { questionId: 7, value: 'text' },
    { questionId: 'SCORE', value: 2.5 },
    { questionId: 'F', value: null },
  ],
  [{ questionId: 'i1', answerId: 2, value: 1 }],
  [{ questionId: 'i1', evaluatedId: 4, value: 1 }],
  [{ questionId: '', value: 1 }],
  [{ questionId: 'i1', value: { x: 1 } }],
  [{ questionId: 'i1' }],
  [{ questionId: 'x'.repeat(201), value: 1 }],
  { questionId: 'i1', value: 1 },
];

describe('stored attempts as item analysis reads them', () => {
  it('reads progress as the QTI progress schema does', () => {
    for (const text of [...progress.map((p) => JSON.stringify(p)), null, '', 'not json', '"text"'])
      expect(responsesOf(storedQtiProgress(text)), String(text)).toEqual(responsesOf(viaSchema(qtiProgressSchema, text)));
    expect(storedQtiProgress(JSON.stringify(progress[0]))?.responses.i2).toEqual({ RESPONSE: ['A', 'B'] });
    expect(storedQtiProgress(JSON.stringify(progress[4]))).toBeNull();
  });

  it('reads outcomes as the outcome list schema does', () => {
    for (const text of [
      ...outcomes.map((o) => JSON.stringify(o)),
      null,
      '',
      '[',
      JSON.stringify(Array(2001).fill({ questionId: 'a', value: 1 })),
    ])
      expect(storedOutcomes(text), String(text).slice(0, 80)).toEqual(viaSchema(outcomeListSchema, text));
    expect(storedOutcomes(JSON.stringify(outcomes[0]))).toHaveLength(4);
    expect(storedOutcomes(JSON.stringify(outcomes[4]))).toBeNull();
  });
});
