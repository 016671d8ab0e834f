// Calls an OpenAI-compatible chat-completions endpoint (a hosted API, vLLM, Ollama, ...) through
// undici. A malformed answer is asked for once more, then counted as a failure; it is never
// trusted. `deadline` bounds the whole judgement, both attempts included.

import { performance } from 'node:perf_hooks';
import { lazyAgent, requestUrl } from '../http/lazy-undici.ts';
import type { JudgeConfig } from '../config/index.ts';
import { JUDGE_ANSWER_SCHEMA, parseJudgeAnswer, type JudgeAnswer } from './judge-answer.ts';
import { judgeMessages, type JudgeMaterial } from './judge-prompt.ts';

export type JudgeFailureKind = 'timeout' | 'http_error' | 'network' | 'malformed';

export type JudgeCallResult =
  | { ok: true; answer: JudgeAnswer; latencyMs: number; attempts: number }
  | { ok: false; kind: JudgeFailureKind; reason: string; latencyMs: number; attempts: number };

/** Larger bodies are not an answer to this question. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const MALFORMED_ATTEMPTS = 2;

export interface JudgeClient {
  readonly model: string;
  /** `stop` aborts the call (the gateway is stopping); the result is then a failure of kind timeout. */
  judge(rubric: string, material: JudgeMaterial, budgetMs: number, stop?: AbortSignal): Promise<JudgeCallResult>;
  close(): Promise<void>;
}

/**
 * JUDGE_URL as shown in logs and /v1/judge/status: without userinfo, which may hold a credential.
 * Start-up refuses a JUDGE_URL with userinfo (config/judge-settings.ts); this stays as a second guard.
 */
export function judgeUrlForDisplay(url: string): string {
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  return shown.toString().replace(/\/$/, '');
}

export function createJudgeClient(config: JudgeConfig): JudgeClient {
  const dispatcher = lazyAgent({ keepAliveTimeout: 10_000, connections: Math.max(4, config.concurrency * 2) });
  const endpoint = `${config.url}/chat/completions`;
  const responseFormat = config.responseFormat === 'json_schema'
    ? { type: 'json_schema', json_schema: { name: 'judge_answer', strict: true, schema: JUDGE_ANSWER_SCHEMA } }
    : { type: 'json_object' };

  async function attempt(rubric: string, material: JudgeMaterial, signal: AbortSignal): Promise<{ answer: JudgeAnswer } | { kind: JudgeFailureKind; reason: string }> {
    const body = JSON.stringify({ model: config.model, temperature: 0, messages: judgeMessages(rubric, material), response_format: responseFormat });
    let response;
    try {
      response = await requestUrl(await dispatcher.get(), endpoint, {
        method: 'POST', signal, body,
        headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      });
    } catch (error) {
      if (signal.aborted) return { kind: 'timeout', reason: 'no answer within the time allowed' };
      return { kind: 'network', reason: `the judge could not be reached (${(error as { code?: string }).code ?? (error as Error).message})` };
    }
    let text = '';
    try {
      for await (const chunk of response.body) {
        text += chunk;
        if (text.length > MAX_RESPONSE_BYTES) {
          response.body.destroy();
          return { kind: 'malformed', reason: 'the response is larger than 1 MB' };
        }
      }
    } catch {
      return signal.aborted ? { kind: 'timeout', reason: 'no answer within the time allowed' } : { kind: 'network', reason: 'the response was cut off' };
    }
    if (response.statusCode !== 200) return { kind: 'http_error', reason: `the judge answered HTTP ${response.statusCode}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'malformed', reason: 'the response body is not JSON' };
    }
    const parsed = parseJudgeAnswer(json);
    return 'answer' in parsed ? parsed : { kind: 'malformed', reason: parsed.problem };
  }

  return {
    model: config.model,
    async judge(rubric, material, budgetMs, stop) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(Math.min(budgetMs, config.timeoutMs));
      const signal = stop ? AbortSignal.any([deadline, stop]) : deadline;
      let attempts = 0;
      for (;;) {
        attempts += 1;
        const result = await attempt(rubric, material, signal);
        const latencyMs = Math.round(performance.now() - started);
        if ('answer' in result) return { ok: true, answer: result.answer, latencyMs, attempts };
        if (result.kind !== 'malformed' || attempts >= MALFORMED_ATTEMPTS || signal.aborted) {
          const reason = result.kind === 'malformed' && attempts >= MALFORMED_ATTEMPTS ? `malformed answer twice: ${result.reason}` : result.reason;
          return { ok: false, kind: signal.aborted ? 'timeout' : result.kind, reason: signal.aborted ? `no answer within ${Math.min(budgetMs, config.timeoutMs)} ms` : reason, latencyMs, attempts };
        }
      }
    },
    close: () => dispatcher.close(),
  };
}
