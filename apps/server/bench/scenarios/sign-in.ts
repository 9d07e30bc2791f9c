import { type CannonRequest, closedLoop } from '../load/closed-loop';
import type { LoadResult, Recorder } from '../load/stats';
import { addressOnLap, type Candidate, headersOf, PASSWORD } from '../seed';

// Signing in for real (POST /api/auth/login): the password hash, the limits, a new session. Each request is another
// candidate; once all have signed in, the next lap comes from other addresses (seed.ts, addressOnLap), so that no limit
// of the product is reached by the bench.

/** A candidate's sign-in, from their address on their `lap`th visit. */
export function signInRequest(origin: string, candidate: Candidate, lap: number): CannonRequest {
  return {
    method: 'POST',
    path: '/api/auth/login',
    headers: headersOf(origin, { ...candidate, cookie: '', address: addressOnLap(candidate, lap) }, true),
    body: JSON.stringify({ username: candidate.email, password: PASSWORD }),
  };
}

/** The sign-ins of a scenario, round the candidates in turn, lap after lap across all its runs. */
export class SignIns {
  #turn = 0;

  constructor(
    private readonly candidates: Candidate[],
    private readonly origin: string,
  ) {}

  /** The next sign-in. Lap 0, the candidates' own addresses, is left to the synchronised start. */
  next(): CannonRequest {
    const turn = this.#turn++;
    return signInRequest(this.origin, this.candidates[turn % this.candidates.length], 1 + Math.floor(turn / this.candidates.length));
  }
}

export async function signIns(
  base: string,
  sequence: SignIns,
  connections: number,
  seconds: number,
  recorder?: Recorder,
): Promise<LoadResult> {
  return closedLoop({ base, connections, seconds, recorder, next: () => sequence.next() });
}
