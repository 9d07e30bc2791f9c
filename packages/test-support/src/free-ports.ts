import { createServer } from 'node:net';

/** `count` different ports nothing listens on right now on 127.0.0.1 (all probed at once, so they differ). */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((done, fail) => {
          probe.once('error', fail);
          probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            if (typeof address === 'object' && address) done(address.port);
            else fail(new Error('no port'));
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((done) => probe.close(done))));
  return ports;
}

/** One port nothing listens on right now on 127.0.0.1. */
export const freePort = async (): Promise<number> => (await freePorts(1))[0];
