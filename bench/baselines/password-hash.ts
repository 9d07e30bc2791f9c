// Baseline: how many password checks per second both cores allow: argon2id verifications with the
// server's parameters (services/passwords.ts, PASSWORD_HASH_OPTIONS), as many at once as there are
// cores. Sends { verifies, seconds, p50, p95, p99 } (ms) to the parent and ends.
import { verify } from '@node-rs/argon2';
import { hashOnThreadPool } from '@prova/server/bench';
import { percentile } from '../load/stats';

const [secondsArg, atOnceArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const atOnce = Number(atOnceArg);
const password = 'Bench-Accesso-2026!';
const stored = await hashOnThreadPool(password);
for (let i = 0; i < 4; i++) await verify(stored, password); // warm-up
const latencies: number[] = [];
const start = performance.now();
const until = start + seconds * 1000;
async function worker() {
  while (performance.now() < until) {
    const t = performance.now();
    if (!(await verify(stored, password))) throw new Error('the password did not verify');
    latencies.push(performance.now() - t);
  }
}
await Promise.all(Array.from({ length: atOnce }, worker));
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
// Ends once the parent has the figures (an open IPC channel would keep the process alive).
process.send?.(
  {
    verifies: latencies.length / elapsed,
    seconds: elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  },
  () => process.exit(0),
);
