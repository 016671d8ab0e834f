// Which threshold rules breach, from the analytics figures of their windows. Pure: figures in,
// verdicts out (the service reads the figures and applies the verdicts).

import type { Figures, ReviewBacklog } from '../analytics/index.ts';
import type { AlertFigure, ThresholdRule } from './alert-rules.ts';

export interface RuleVerdict {
  rule: ThresholdRule;
  /** The figure's value; null when the window had too few samples to judge (counts as not breaching). */
  value: number | null;
  breached: boolean;
}

/** The figure a rule watches, and the samples a rate rests on. */
export function figureValue(figure: AlertFigure, figures: Figures, backlog: ReviewBacklog): { value: number | null; samples: number } {
  switch (figure) {
    case 'block_rate': return { value: figures.block_rate, samples: figures.decisions.total };
    case 'escalation_rate': return { value: figures.escalation_rate, samples: figures.decisions.total };
    case 'review_backlog': return { value: backlog.open, samples: Number.MAX_SAFE_INTEGER };
    case 'review_overdue': return { value: backlog.overdue, samples: Number.MAX_SAFE_INTEGER };
    case 'review_deadline_breaches': return { value: figures.review.expired, samples: Number.MAX_SAFE_INTEGER };
    case 'judge_failures': return { value: figures.judge.failed, samples: Number.MAX_SAFE_INTEGER };
    case 'judge_failure_rate': return { value: figures.judge.failure_rate, samples: figures.judge.judged };
    case 'upstream_error_rate': return { value: figures.upstream.error_rate, samples: figures.upstream.calls };
    case 'upstream_errors': return { value: figures.upstream.errors, samples: Number.MAX_SAFE_INTEGER };
    case 'outcome_unknown': return { value: figures.outcome_unknown, samples: Number.MAX_SAFE_INTEGER };
  }
}

export function judgeRule(rule: ThresholdRule, figures: Figures, backlog: ReviewBacklog): RuleVerdict {
  const { value, samples } = figureValue(rule.figure, figures, backlog);
  if (value === null || samples < rule.min_samples) return { rule, value, breached: false };
  return { rule, value, breached: value > rule.above };
}
