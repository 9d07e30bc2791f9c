import { describe, expect, it } from 'vitest';
import { createBrowserStorage } from './queue-storage';

describe('createBrowserStorage', () => {
  it('keeps the queue in memory where the browser has no IndexedDB, instead of failing every save', async () => {
    const storage = createBrowserStorage(false);
    const value = { tasks: [1, 2] };
    await storage.set('tasks:a', value);
    value.tasks.push(3);
    expect(await storage.get('tasks:a')).toEqual({ tasks: [1, 2] });
    expect(await storage.keys()).toEqual(['tasks:a']);
  });
});
