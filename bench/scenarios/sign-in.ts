import { type CannonRequest, closedLoop } from '../load/closed-loop';
import type { LoadResult, Recorder } from '../load/stats';
import { addressOnLap, type Candidate, headersOf, PASSWORD } from '../seed';

// Signing in for real (POST /api/auth/login): the password hash, the limits, a new session. Each request is another
// candidate; once all have signed in, the next lap comes from other addresses (seed.ts, addressOnLap), so that no limit
// of the product is reached by the bench.

/** A candidate's sign-in, from their address on their `lap`th visit. */
function signInRequest(origin: string, candidate: Candidate, lap: number): CannonRequest {
  return {
    method: 'POST',
    path: '/api/auth/login',
    headers: headersOf(origin, { ...candidate, cookie: '', address: addressOnLap(candidate, lap) }, true),
    body: JSON.stringify({ username: candidate.email, password: PASSWORD }),
  };
}

/**
 * The `turn`th sign-in of a sequence that goes round the candidates in turn, each lap from other addresses. Lap 0, the
 * candidates' own addresses, is left to the synchronised start.
 */
export const signInOnTurn = (origin: string, candidates: readonly Candidate[], turn: number): CannonRequest =>
  signInRequest(origin, candidates[turn % candidates.length], 1 + Math.floor(turn / candidates.length));

/** The sign-ins of a scenario, across all its runs. */
export class SignIns {
  #turn = 0;

  constructor(
    private readonly candidates: Candidate[],
    private readonly origin: string,
  ) {}

  next(): CannonRequest {
    return signInOnTurn(this.origin, this.candidates, this.#turn++);
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
