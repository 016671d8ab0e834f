// The judge's answer: strict JSON, checked against a schema before anything trusts it. A model
// that wraps the object in prose or a code fence, or adds keys, gives a malformed answer.

import { productValidator } from '../schemas/product-validator.ts';

export const JUDGE_VERDICTS = ['pass', 'fail'] as const;
export type JudgeVerdict = (typeof JUDGE_VERDICTS)[number];

export interface JudgeAnswer {
  /** 0 (must not be released) .. 100 (clearly fine). */
  score: number;
  verdict: JudgeVerdict;
  reasons: string[];
}

/** Sent as response_format json_schema, and used to check what comes back. */
export const JUDGE_ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['score', 'verdict', 'reasons'],
  properties: {
    score: { type: 'number', minimum: 0, maximum: 100 },
    verdict: { type: 'string', enum: [...JUDGE_VERDICTS] },
    reasons: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 2000 } },
  },
} as const;

const answerValidator = productValidator<JudgeAnswer>(JUDGE_ANSWER_SCHEMA, { allErrors: false });

/** The answer in a chat-completions response body, or why there is none. */
export function parseJudgeAnswer(body: unknown): { answer: JudgeAnswer } | { problem: string } {
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return { problem: 'the response has no choices[0].message.content string' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { problem: 'the answer is not JSON' };
  }
  const validate = answerValidator();
  if (!validate(parsed)) {
    const error = validate.errors?.[0];
    return { problem: `the answer does not match the schema (${error?.instancePath || '(root)'} ${error?.message ?? ''})`.trim() };
  }
  return { answer: { score: Math.round(parsed.score * 10) / 10, verdict: parsed.verdict, reasons: [...parsed.reasons] } };
}
