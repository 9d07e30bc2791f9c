import { describe, expect, it } from 'vitest';
import { type AuthoredTest, authoredTestSchema, RATED_BY_ASSESSOR } from '@prova/contract/authored-test';
import type { QtiResponseValue } from '@prova/contract/content';
import { prepareQtiPackage } from '../package';
import { compileScoring, type QtiScoringModel, ratedItems, scoreQti } from '../scoring';
import { everyKind } from './fixture';
import { writeAuthoredTest } from './write';

// A test written in the console, written as a QTI package, goes through the importer's reader and the server's
// scoring as any package would: delivered as written, scored with the points its author set.

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

async function prepared(test: AuthoredTest) {
  const result = await prepareQtiPackage(writeAuthoredTest(test));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result;
}

async function modelOf(test: AuthoredTest): Promise<QtiScoringModel> {
  const compiled = compileScoring((await prepared(test)).sources);
  if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
  return JSON.parse(JSON.stringify(compiled.model)) as QtiScoringModel;
}

/** The outcomes of one candidate, as questionId -> value; responses as the QTI player saves them. */
const outcomesOf = (model: QtiScoringModel, responses: Record<string, QtiResponseValue>) =>
  Object.fromEntries(
    scoreQti(model, {
      qti: 1,
      position: null,
      responses: Object.fromEntries(Object.entries(responses).map(([item, value]) => [item, { RESPONSE: value }])),
      flagged: [],
    }).map((o) => [o.questionId, o.value]),
  );

describe('a test written in the console, as a QTI package', () => {
  it('is read by the importer without a problem or a note, delivered as written', async () => {
    const { delivery, notes } = await prepared(everyKind);
    expect(notes).toEqual([]);
    expect(delivery.title).toBe('Prova scritta in console');
    expect(delivery.maxTimeSeconds).toBe(15 * 60);
    expect(delivery.parts).toHaveLength(1);
    expect(delivery.parts[0].navigationMode).toBe('nonlinear');
    expect(delivery.parts[0].sections.map((s) => [s.title, s.items.map((i) => i.identifier)])).toEqual([
      ['Scelte', ['capital', 'primes', 'sun', 'moon']],
      ['Risposte aperte', ['river', 'symbol', 'pi', 'teamwork', 'story']],
    ]);
    expect(delivery.parts[0].sections[0].items[0].title).toBe("Qual è la capitale d'Italia?");
  });

  it('a linear test without a time limit, in one language, is delivered so', async () => {
    const test = authoredTestSchema.parse({
      ...everyKind,
      title: { EN_en: 'Short' },
      languages: ['EN_en'],
      timeLimitMinutes: undefined,
      navigation: 'linear',
      sections: [
        { title: { EN_en: 'Only' }, items: [{ kind: 'true-false', id: 'q', prompt: { EN_en: 'Yes?' }, answer: true, points: 1 }] },
      ],
    });
    const files = writeAuthoredTest(test);
    expect([...files.keys()].sort()).toEqual(['imsmanifest.xml', 'items/q.xml', 'test.xml']);
    const { delivery } = await prepared(test);
    expect(delivery).toMatchObject({ title: 'Short', maxTimeSeconds: null, parts: [{ navigationMode: 'linear' }] });
    expect(text(files.get('items/q.xml'))).toContain('<qti-simple-choice identifier="TRUE">True</qti-simple-choice>');
  });

  it('writes shuffling as the choice interaction says it, and each language beside the first', () => {
    const files = writeAuthoredTest(everyKind);
    const shuffle = (path: string) => /<qti-choice-interaction[^>]* shuffle="(\w+)"/.exec(text(files.get(path)))?.[1];
    expect(shuffle('items/capital.xml')).toBe('true');
    expect(shuffle('items/primes.xml')).toBe('false');
    expect(shuffle('translations/en/items/capital.xml')).toBe('true');
    expect(text(files.get('items/capital.xml'))).toContain('xml:lang="it"');
    expect(text(files.get('translations/en/items/capital.xml'))).toContain('<qti-simple-choice identifier="rome">Rome</qti-simple-choice>');
    expect(text(files.get('translations/en/test.xml'))).toContain('title="A test written in the console"');
    expect(text(files.get('items/capital.xml'))).toContain('Torino &amp; &lt;dintorni&gt;');
  });

  it("writes a true/false item's choices in each language with the contract's words", () => {
    const files = writeAuthoredTest(everyKind);
    expect(text(files.get('items/sun.xml'))).toContain('<qti-simple-choice identifier="TRUE">Vero</qti-simple-choice>');
    expect(text(files.get('items/sun.xml'))).toContain('<qti-simple-choice identifier="FALSE">Falso</qti-simple-choice>');
    expect(text(files.get('translations/en/items/sun.xml'))).toContain('<qti-simple-choice identifier="FALSE">False</qti-simple-choice>');
  });

  it('serves only the first language items, stripped: no key, no mapping, no accepted answer', async () => {
    const { served } = await prepared(everyKind);
    const items = everyKind.sections.flatMap((s) => s.items);
    expect([...served.keys()].sort()).toEqual(items.map((i) => `items/${i.id}.xml`).sort());
    for (const [path, bytes] of served) {
      const xml = text(bytes);
      for (const secret of [
        'qti-correct-response',
        'qti-mapping',
        'qti-map-entry',
        'qti-response-processing',
        'qti-equal',
        '3.14',
        'Tevere',
        'Tiber',
        '"Na"',
      ])
        expect(xml, `${path} holds ${secret}`).not.toContain(secret);
    }
  });

  it('scores every kind with the points its author set: right, wrong and empty responses', async () => {
    const model = await modelOf(everyKind);
    const score = (item: string, value: QtiResponseValue | undefined) =>
      outcomesOf(model, value === undefined ? {} : { [item]: value })[item];
    const cases: Array<[string, QtiResponseValue | undefined, number]> = [
      ['capital', 'rome', 3],
      ['capital', 'milan', 1],
      ['capital', 'turin', 0],
      ['capital', null, 0],
      ['capital', undefined, 0],
      ['primes', ['two', 'three'], 4],
      ['primes', ['two', 'four'], 1],
      ['primes', ['four'], 0],
      ['primes', [], 0],
      ['sun', 'TRUE', 2],
      ['sun', 'FALSE', 0],
      ['moon', 'FALSE', 1],
      ['moon', 'TRUE', 0],
      ['moon', undefined, 0],
      ['river', 'tevere', 4],
      ['river', 'TIBER', 4],
      ['river', 'Po', 0],
      ['river', '', 0],
      ['symbol', 'Na', 1],
      ['symbol', 'NA', 0],
      ['pi', '3.14', 5],
      ['pi', '3.15', 5],
      ['pi', '3.13', 5],
      ['pi', '3.16', 0],
      ['pi', 'three', 0],
      ['pi', undefined, 0],
      ['teamwork', 'agree', 2],
      ['teamwork', 'neutral', 1],
      ['teamwork', 'disagree', 0],
      ['teamwork', undefined, 0],
      ['story', 'A long answer for the assessor', 0],
      ['story', undefined, 0],
    ];
    for (const [item, value, points] of cases) expect(score(item, value), `${item} ${JSON.stringify(value)}`).toBe(points);

    const all = outcomesOf(model, {
      capital: 'rome',
      primes: ['two', 'three'],
      sun: 'TRUE',
      moon: 'FALSE',
      river: 'Tiber',
      symbol: 'Na',
      pi: '3.14',
      teamwork: 'agree',
    });
    expect(all.SCORE).toBe(3 + 4 + 2 + 1 + 4 + 1 + 5 + 2);
  });

  it('marks the extended answer as rated by an assessor, and only it', async () => {
    const model = await modelOf(everyKind);
    const rated = model.items.filter((item) => item.categories.includes(RATED_BY_ASSESSOR)).map((item) => item.identifier);
    expect(rated).toEqual(['story']);
  });

  it("writes the extended answer's points as its MAXSCORE: the most an assessor gives, and the rating is its SCORE", async () => {
    const model = await modelOf(everyKind);
    expect(ratedItems(model)).toEqual([{ identifier: 'story', maxScore: 3, prompt: 'Racconta un successo.' }]);
    const progress = { qti: 1, position: null, responses: { story: { RESPONSE: 'I led a team.' } }, flagged: [] };
    const score = (ratings?: Record<string, number>) =>
      Object.fromEntries(scoreQti(model, progress, ratings).map((o) => [o.questionId, o.value]));
    expect(score()).toMatchObject({ story: 0, SCORE: 0 });
    expect(score({ story: 2.5 })).toMatchObject({ story: 2.5, SCORE: 2.5 });
    // Never past the item's maximum, never below 0, whatever is passed.
    expect(score({ story: 9 })).toMatchObject({ story: 3, SCORE: 3 });
    expect(score({ story: -1, capital: 5 })).toMatchObject({ story: 0, capital: 0, SCORE: 0 });
    // Without points the item is worth 1.
    const plain = authoredTestSchema.parse({
      ...everyKind,
      sections: [
        {
          title: everyKind.sections[0]!.title,
          items: [{ kind: 'extended-text', id: 'essay', prompt: everyKind.sections[0]!.items[0]!.prompt }],
        },
      ],
    });
    expect(ratedItems(await modelOf(plain))).toEqual([expect.objectContaining({ identifier: 'essay', maxScore: 1 })]);
  });
});
