// Compiles `sensitive-data.yaml` into the patterns the safety scanner runs over outputs and params.
// Like the catalog compiler it also runs on a file that failed its shape check, to report everything at once.

import type { SensitivePattern } from './types.ts';
import type { Severity } from '../governance/types.ts';
import type { PolicyIssue } from './policy-load-error.ts';
import type { PolicySource } from './yaml-source.ts';
import { isRecord } from './plain-object.ts';
import { compileLinearPattern, type LinearPattern } from '../linear-regex/index.ts';

export function compileSensitiveData(source: PolicySource): { patterns: SensitivePattern[]; issues: PolicyIssue[] } {
  const entries = isRecord(source.value) && Array.isArray(source.value.patterns) ? source.value.patterns as unknown[] : [];
  const issues: PolicyIssue[] = [];
  const patterns: SensitivePattern[] = [];
  const firstIndexById = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    if (typeof entry.id === 'string') {
      const earlier = firstIndexById.get(entry.id);
      if (earlier !== undefined) issues.push(source.issue(['patterns', index, 'id'], `duplicate pattern id '${entry.id}' (first used at patterns[${earlier}])`));
      else firstIndexById.set(entry.id, index);
    }
    if (typeof entry.pattern !== 'string' || entry.pattern === '') return;
    // Unknown flags are the shape check's to report; here they only must not hide a bad pattern.
    let flags = '';
    if (typeof entry.flags === 'string' && /^[imsu]*$/.test(entry.flags)) {
      if (new Set(entry.flags).size === entry.flags.length) flags = entry.flags;
      else issues.push(source.issue(['patterns', index, 'flags'], 'repeats a flag'));
    }
    // Patterns run on text attackers write (tool results, params): only a linear-time engine may run them.
    let regex: LinearPattern;
    try {
      regex = compileLinearPattern(entry.pattern, flags);
    } catch (error) {
      issues.push(source.issue(['patterns', index, 'pattern'], (error as Error).message));
      return;
    }
    // A pattern that can match nothing at all flags every text, which would block every output.
    if (regex.test('')) {
      issues.push(source.issue(['patterns', index, 'pattern'], 'matches the empty string, so it would flag every text'));
      return;
    }
    const pattern: SensitivePattern = {
      id: String(entry.id), kind: entry.kind as SensitivePattern['kind'], pattern: regex, severity: entry.severity as Severity,
    };
    if (typeof entry.description === 'string') pattern.description = entry.description;
    patterns.push(pattern);
  });
  return { patterns, issues };
}
