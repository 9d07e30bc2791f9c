import { describe, expect, it } from 'vitest';
import { DB_INT_MAX } from './limits';
import { logEntryIdsSchema } from './tests';

// A log entry is kept as sent, filed under the test and campaign its text names, if they are ids.
describe("a log entry's ids", () => {
  it('are the test and campaign its JSON names', () => {
    expect(logEntryIdsSchema.parse(JSON.stringify({ message: 'iframe failed', testId: 101, campaignId: 7 }))).toEqual({
      testId: 101,
      campaignId: 7,
    });
  });

  it('are null when the text is not JSON, names none, or names no id', () => {
    for (const data of ['not json', '[1,2]', '"text"', '{}', JSON.stringify({ testId: 'x', campaignId: DB_INT_MAX + 1 })])
      expect(logEntryIdsSchema.parse(data)).toEqual({ testId: null, campaignId: null });
    expect(logEntryIdsSchema.parse(JSON.stringify({ testId: 0, campaignId: 2.5 }))).toEqual({ testId: null, campaignId: null });
  });
});
