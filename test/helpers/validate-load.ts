// Closed-loop load for fault tests: `workers` callers post validate requests to a gateway until
// stopped, and every answer is kept (status, problem code, envelope id), so a test can check
// that each acknowledged record is in the ledger and that each failure was a clean 503.

import { validateBody } from './bodies.ts';

export interface LoadAnswer {
  status: number;
  code: string | null;
  contentType: string | null;
  envelopeId: string | null;
  at: number;
}

export interface RunningLoad {
  readonly answers: LoadAnswer[];
  /** Connection-level failures (the process died mid-request): never acknowledged. */
  readonly networkErrors: number;
  stop(): Promise<void>;
}

export function startValidateLoad(url: string, workers = 8): RunningLoad {
  const answers: LoadAnswer[] = [];
  let networkErrors = 0;
  let running = true;
  const loop = async (): Promise<void> => {
    while (running) {
      try {
        const res = await fetch(`${url}/v1/runtime/validate`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validateBody()),
          signal: AbortSignal.timeout(15_000),
        });
        const body = await res.json().catch(() => null) as Record<string, any> | null;
        answers.push({
          status: res.status, code: body?.code ?? null, contentType: res.headers.get('content-type'),
          envelopeId: res.status === 200 ? body?.envelope_id ?? null : null, at: performance.now(),
        });
      } catch {
        networkErrors += 1;
        if (running) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    answers,
    get networkErrors() { return networkErrors; },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
