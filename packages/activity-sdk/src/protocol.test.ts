import { describe, expect, it } from 'vitest';
import { errorResponse, event, parseHostMessage, parseRequest, request, resultResponse } from './protocol';

describe('protocol messages', () => {
  it('accepts a well-formed request and the messages the helpers build', () => {
    expect(parseRequest(request('a-1', 'setData', { data: { x: 1 } }))).toEqual({
      prova: 1,
      kind: 'request',
      id: 'a-1',
      method: 'setData',
      params: { data: { x: 1 } },
    });
    expect(parseHostMessage(resultResponse('a-1', 'getData', null))).toMatchObject({ kind: 'response', result: null });
    expect(parseHostMessage(errorResponse('a-2', 'rpc', { message: 'no', status: 503 }))).toMatchObject({
      error: { message: 'no', status: 503 },
    });
    expect(parseHostMessage(event('h-1', 'pause', { reason: 'x' }))).toMatchObject({ kind: 'event', method: 'pause' });
  });

  it.each([
    ['another protocol version', { prova: 2, kind: 'request', id: 'a', method: 'init' }],
    ['no version', { kind: 'request', id: 'a', method: 'init' }],
    ['an unknown method', { prova: 1, kind: 'request', id: 'a', method: 'deleteEverything' }],
    ['an empty id', { prova: 1, kind: 'request', id: '', method: 'init' }],
    ['a response sent to the host', { prova: 1, kind: 'response', id: 'a', method: 'init', result: {} }],
    ['a string', 'init'],
    ['null', null],
  ])('the host ignores %s', (_name, message) => {
    expect(parseRequest(message)).toBeUndefined();
  });

  it.each([
    ['a response with both result and error', { prova: 1, kind: 'response', id: 'a', method: 'init', result: 1, error: { message: 'x' } }],
    ['a response with neither', { prova: 1, kind: 'response', id: 'a', method: 'init' }],
    ['an error without a message', { prova: 1, kind: 'response', id: 'a', method: 'init', error: {} }],
    ['a request sent to the activity', { prova: 1, kind: 'request', id: 'a', method: 'init' }],
    ['another protocol version', { prova: 0, kind: 'response', id: 'a', method: 'init', result: {} }],
  ])('the activity ignores %s', (_name, message) => {
    expect(parseHostMessage(message)).toBeUndefined();
  });
});
