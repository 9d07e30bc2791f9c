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

  // The sign-in's answer: signed in, or a password to set first; the row it is made from carries more.
  it('write the one branch an answer can be, whatever else it carries', () => {
    const serialize = serializerFor(
      z.union([
        z.object({ status: z.literal(true), user: z.object({ id: z.int() }), campaigns: z.array(z.int()) }),
        z.object({ status: z.literal(true), passwordMustBeSet: z.literal(true), token: z.string() }),
      ]),
    );
    expect(JSON.parse(serialize({ status: true, passwordMustBeSet: true, token: 't', password_hash: 'x' }))).toEqual({
      status: true,
      passwordMustBeSet: true,
      token: 't',
    });
    expect(JSON.parse(serialize({ status: true, user: { id: 1, email: 'a@b.it' }, campaigns: [2] }))).toEqual({
      status: true,
      user: { id: 1 },
      campaigns: [2],
    });
  });

  // A staff member's list and a candidate's have the same properties: only their items tell them apart.
  it('write a branch told apart only by its content as that branch', () => {
    const serialize = serializerFor(
      z.union([
        z.object({ status: z.literal(true), tests: z.array(z.object({ id: z.int(), name: z.string() })) }),
        z.object({ status: z.literal(true), tests: z.array(z.object({ id: z.int(), companyId: z.nullable(z.int()) })) }),
      ]),
    );
    expect(JSON.parse(serialize({ status: true, tests: [{ id: 1, companyId: null }] }))).toEqual({
      status: true,
      tests: [{ id: 1, companyId: null }],
    });
    expect(JSON.parse(serialize({ status: true, tests: [{ id: 1, name: 'Prova', companyId: 3 }] }))).toEqual({
      status: true,
      tests: [{ id: 1, name: 'Prova' }],
    });
  });

  it('write nullable values and values of several kinds as they are', () => {
    const serialize = serializerFor(
      z.object({
        gender: z.nullable(z.enum(['M', 'F'])),
        company: z.nullable(z.object({ id: z.int() })),
        tags: z.nullable(z.array(z.string())),
        questionId: z.union([z.number(), z.string().check(z.minLength(1))]),
        value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
      }),
    );
    const sent = (row: object) => JSON.parse(serialize(row));
    expect(sent({ gender: null, company: null, tags: null, questionId: 3, value: null })).toEqual({
      gender: null,
      company: null,
      tags: null,
      questionId: 3,
      value: null,
    });
    expect(sent({ gender: 'F', company: { id: 2, secret: 1 }, tags: ['a'], questionId: 'q1', value: 'yes' })).toEqual({
      gender: 'F',
      company: { id: 2 },
      tags: ['a'],
      questionId: 'q1',
      value: 'yes',
    });
    expect(sent({ gender: 'M', company: null, tags: [], questionId: 'q2', value: false }).value).toBe(false);
  });

  // A campaign's layout: the agenda's, the challenge's, or none.
  it('write a union inside an answer as the branch the value is', () => {
    const layout = z.nullable(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('agenda'), days: z.array(z.string()) }),
        z.object({ kind: z.literal('challenge'), title: z.string() }),
      ]),
    );
    const serialize = serializerFor(z.object({ status: z.literal(true), campaign: z.object({ id: z.int(), layout }) }));
    const sent = (layout: unknown) => JSON.parse(serialize({ status: true, campaign: { id: 4, layout, secret: 's' } }));
    expect(sent(null)).toEqual({ status: true, campaign: { id: 4, layout: null } });
    expect(sent({ kind: 'agenda', days: ['2026-12-01'], title: 'x' })).toEqual({
      status: true,
      campaign: { id: 4, layout: { kind: 'agenda', days: ['2026-12-01'] } },
    });
    expect(sent({ kind: 'challenge', title: 'Sfida', days: [] })).toEqual({
      status: true,
      campaign: { id: 4, layout: { kind: 'challenge', title: 'Sfida' } },
    });
  });

  // Left to ajv's choice, a nullable value is still one of the answer's values.
  it('write the first branch a value passes when its shape fits several, nulls included', () => {
    const serialize = serializerFor(
      z.union([
        z.object({
          status: z.literal(true),
          items: z.array(z.object({ id: z.int(), gender: z.nullable(z.enum(['M', 'F'])), note: z.nullable(z.unknown()) })),
        }),
        z.object({ status: z.literal(true), items: z.array(z.object({ id: z.int(), name: z.string() })) }),
      ]),
    );
    expect(JSON.parse(serialize({ status: true, items: [{ id: 1, gender: null, note: null, name: 'Ada' }] }))).toEqual({
      status: true,
      items: [{ id: 1, gender: null, note: null }],
    });
  });
});
