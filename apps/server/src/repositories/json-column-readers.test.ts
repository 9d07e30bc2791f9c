import { OUTCOMES_MAX, outcomeListSchema } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import { normColumns, readColumn, ssoSettingsOf, readOutcomes, storedText } from './json-column-readers';

// A JSON column is read once, in its repository: a stored value that does not read must not fail the request.
describe('a JSON column', () => {
  it('reads as the value of its schema', () => {
    expect(readColumn(outcomeListSchema, '[{"questionId":"A","value":2}]', null)).toEqual([{ questionId: 'A', value: 2 }]);
  });

  it('reads as its fallback when empty, not JSON, or not of its schema', () => {
    for (const stored of [null, undefined, '', '{oops', '{"questionId":"A"}', '[{"value":2}]'])
      expect(readColumn(outcomeListSchema, stored, [])).toEqual([]);
  });
});

describe('an outcomes column', () => {
  it('keeps the outcomes that read, and leaves out only those that do not', () => {
    const stored = JSON.stringify([{ questionId: 'A', value: 2 }, { value: 3 }, 'x', { questionId: 'B', answerId: 1, value: 'ok' }]);
    expect(readOutcomes(stored)).toEqual([
      { questionId: 'A', value: 2 },
      { questionId: 'B', answerId: 1, value: 'ok' },
    ]);
  });

  it('is not capped at one post’s OUTCOMES_MAX: a merged list is longer', () => {
    const many = Array.from({ length: OUTCOMES_MAX + 1 }, (_, k) => ({ questionId: k, value: k }));
    expect(readOutcomes(JSON.stringify(many))).toHaveLength(OUTCOMES_MAX + 1);
  });

  it('reads as none when empty, not JSON or not a list', () => {
    for (const stored of [null, undefined, '', '{oops', '{"questionId":"A","value":1}']) expect(readOutcomes(stored)).toEqual([]);
  });
});

describe("a norm's columns", () => {
  const norm = { id: 1, mean: null, sd: null };

  it('give its table parsed, or its mean and sd when it has none', () => {
    expect(normColumns({ ...norm, norm_table: '[{"upTo":10,"percentile":50}]' }).norm_table).toEqual([{ upTo: 10, percentile: 50 }]);
    expect(normColumns({ ...norm, mean: 50, sd: 10, norm_table: null })).toEqual({ ...norm, mean: 50, sd: 10, norm_table: null });
  });

  it('give neither a table nor a mean and sd when its table does not read', () => {
    expect(normColumns({ ...norm, mean: 50, sd: 10, norm_table: '[{"upTo":10}]' })).toEqual({ ...norm, norm_table: null });
  });
});

describe('a localized text column', () => {
  it('reads as its languages, a string or a plain text as every language’s', () => {
    expect(storedText('{"IT_it":"Ciao","ES_es":"Hola"}')).toEqual({ IT_it: 'Ciao', ES_es: 'Hola' });
    expect(storedText('"Ciao"')).toEqual({ IT_it: 'Ciao' });
    expect(storedText('Testo semplice')).toEqual({ IT_it: 'Testo semplice' });
    expect(storedText('42')).toEqual({ IT_it: '42' });
  });

  it('reads as no text when empty, and keeps the known languages of an object the schema refuses', () => {
    for (const stored of [null, undefined, '', 'null']) expect(storedText(stored)).toEqual({});
    expect(storedText('{"IT_it":"Ciao","FR_fr":"Salut","EN_en":3}')).toEqual({ IT_it: 'Ciao' });
  });
});

describe("a company's SSO column", () => {
  it('reads as its settings, an empty secret as none and the e-mail claim defaulted', () => {
    const stored = JSON.stringify({ slug: 'acme', type: 'oidc', issuer: 'https://id.acme.example', clientId: 'prova', clientSecret: '' });
    expect(ssoSettingsOf(stored)).toEqual({
      slug: 'acme',
      issuer: 'https://id.acme.example',
      clientId: 'prova',
      clientSecret: undefined,
      emailClaim: 'email',
    });
  });

  it('reads as no SSO when empty, not JSON or not settings', () => {
    for (const stored of [null, '', '{oops', '{"slug":"acme","issuer":"nowhere","clientId":"prova"}'])
      expect(ssoSettingsOf(stored)).toBeNull();
  });
});
