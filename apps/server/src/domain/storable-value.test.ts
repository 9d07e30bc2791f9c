import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '@prova/contract/limits';
import { findUnstorable } from './storable-value';

/** An array nested `levels` deep around `inner`. */
const nested = (levels: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('findUnstorable', () => {
  it('passes what both databases keep', () => {
    expect(findUnstorable({ version: 3, data: { answers: [1, 'b', true, null, { note: 'è ok' }] } })).toBeNull();
    expect(findUnstorable('text')).toBeNull();
    expect(findUnstorable(undefined)).toBeNull();
  });

  it('names where a NUL character is, in a text or in a key', () => {
    expect(findUnstorable({ data: { answers: ['a', 'b\u0000'] } })).toEqual({
      path: ['data', 'answers', 1],
      message: 'contains a NUL character',
    });
    expect(findUnstorable({ data: { 'k\u0000': 1 } })).toEqual({ path: ['data'], message: 'contains a NUL character' });
    expect(findUnstorable('\u0000')).toEqual({ path: [], message: 'contains a NUL character' });
  });

  it(`takes ${JSON_MAX_DEPTH} levels of nesting and no more`, () => {
    expect(findUnstorable(nested(JSON_MAX_DEPTH, 1))).toBeNull();
    const problem = findUnstorable({ deep: nested(JSON_MAX_DEPTH, []) });
    expect(problem?.message).toBe(`nested deeper than ${JSON_MAX_DEPTH} levels`);
    expect(problem?.path).toEqual(['deep', ...Array<number>(JSON_MAX_DEPTH - 1).fill(0)]);
  });
});
