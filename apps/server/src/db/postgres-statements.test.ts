import { describe, expect, it } from 'vitest';
import { statementNames } from './postgres-statements';

describe('statementNames', () => {
  it('names a text once it was sent often enough, and keeps that name', () => {
    const names = statementNames({ namedAfter: 3, mostNames: 10 });
    expect([names.of('a'), names.of('a')]).toEqual([undefined, undefined]);
    const name = names.of('a');
    expect(name).toMatch(/^prova_\d+$/);
    expect(names.of('a')).toBe(name);
    expect(names.of('b')).toBeUndefined();
  });

  it('hands out no more names than allowed, a renamed text included', () => {
    const names = statementNames({ namedAfter: 1, mostNames: 2 });
    const a = names.of('a');
    names.rename('a');
    expect(names.of('a')).toMatch(/^prova_\d+$/);
    expect(names.of('a')).not.toBe(a);
    expect(names.of('b')).toBeUndefined();
    // A text whose statement went stale once the names ran out runs unnamed from then on.
    names.rename('a');
    expect(names.of('a')).toBeUndefined();
  });

  it('runs a text whose columns come from the tables unnamed in a transaction', () => {
    const names = statementNames({ namedAfter: 1 });
    for (const text of ['select * from t where id = $1', 'select "t".* from t where id = $1', 'update t set a = $1 returning *'])
      expect([names.of(text, true), names.of(text)]).toEqual([undefined, expect.stringMatching(/^prova_/)]);
    const counted = 'select count(*) from t where a = $1';
    expect(names.of(counted, true)).toBe(names.of(counted));
  });
});
