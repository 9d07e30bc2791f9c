import { describe, expect, it } from 'vitest';
import { z } from '@prova/contract/zod';
import { responseSerializerCompiler } from './response-serializer';

const serializerFor = (schema: z.ZodMiniType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/example', httpStatus: '200' } as never) as (data: unknown) => string;

describe('the answers written from a route response schema', () => {
  // What a repository row carries beyond the answer (a password hash, another person's data) never goes out.
  it('carry only what the schema names, at every depth', () => {
    const serialize = serializerFor(
      z.object({
        status: z.literal(true),
        user: z.object({ id: z.int(), firstName: z.string(), viaSso: z.optional(z.boolean()) }),
        tests: z.array(z.object({ id: z.int(), status: z.nullable(z.string()) })),
        labels: z.record(z.string(), z.string()),
      }),
    );
    const row = {
      status: true,
      user: { id: 7, firstName: 'Marco', password_hash: '$argon2id$secret', email: 'marco@example.it' },
      tests: [{ id: 1, status: null, data: 'answers' }],
      labels: { IT_it: 'Prova', EN_en: 'Test' },
      session: 'token',
    };
    expect(JSON.parse(serialize(row))).toEqual({
      status: true,
      user: { id: 7, firstName: 'Marco' },
      tests: [{ id: 1, status: null }],
      labels: { IT_it: 'Prova', EN_en: 'Test' },
    });
  });

  it('refuse an answer that lacks what the schema requires', () => {
    const serialize = serializerFor(z.object({ status: z.literal(true), version: z.int() }));
    expect(() => serialize({ status: true })).toThrow(/version/);
  });

  it('write each branch of a union as that branch', () => {
    const serialize = serializerFor(
      z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.int() })]),
    );
    expect(JSON.parse(serialize({ kind: 'b', b: 2, secret: 'x' }))).toEqual({ kind: 'b', b: 2 });
    expect(JSON.parse(serialize({ kind: 'a', a: 'x' }))).toEqual({ kind: 'a', a: 'x' });
  });
});
