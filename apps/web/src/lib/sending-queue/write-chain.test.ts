import { describe, expect, it } from 'vitest';
import { WriteChain } from './write-chain';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('WriteChain', () => {
  it('runs writes one at a time in order, and a failure neither stops the next nor hides from run()', async () => {
    const chain = new WriteChain();
    const log: string[] = [];
    const errors: unknown[] = [];
    const write = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    void chain.add(write('a'), (e) => errors.push(e));
    void chain.add(
      async () => {
        throw new Error('disk full');
      },
      (e) => errors.push(e),
    );
    const failing = chain.run(async () => {
      throw new Error('moved away');
    });
    void chain.add(write('b'), (e) => errors.push(e));
    await expect(failing).rejects.toThrow('moved away');
    await chain.settled();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full']);
  });
});
