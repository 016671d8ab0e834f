// The concrete claims an output makes (numbers, amounts, ids, emails, dates, quoted text) and
// the corpus they can be backed by (tool results and the request input). A heuristic by design:
// plain words are not claims we can verify, so they are not counted.

import { collectLeaves, leafText, type LeafWalker } from './json-leaves.ts';
import { MAX_EVIDENCE_FACTS } from './scoring-table.ts';

export interface Fact {
  path: string;
  /** As found in the output, for messages. */
  text: string;
  /** Set for numeric facts, which match by value rather than by text. */
  number?: number;
}

export interface EvidenceCorpus {
  /** Every text leaf, lowercased, one per line. */
  text: string;
  /** Every number seen, as a matching key (see numberKey). */
  numbers: Set<string>;
}

const AMOUNT = /^(?:[$€£¥]\s?|[A-Z]{3}\s)?(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?:\s?[A-Z]{3}|%)?$/;
const QUOTED = /"([^"]{4,})"|“([^”]{4,})”/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// Starts only where a run of local-part characters starts; otherwise a long run without '@' is
// rescanned from every offset (quadratic: 22 s on a 100 KB output).
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const DATE = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
/**
 * Whole tokens of 4+ characters; those mixing letters and digits (INV-1234, cus_9f8e7d) are ids.
 * Matching whole tokens (lookbehind/lookahead) keeps the scan linear on long runs of letters.
 */
const WORD_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9][A-Za-z0-9_-]{3,}(?![A-Za-z0-9_-])/g;
const NUMBER_TOKEN = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

/** Numbers match after rounding to cents, sign ignored ("-50" and "50" are the same claim). */
export function numberKey(value: number): string {
  return String(Math.round(Math.abs(value) * 100) / 100);
}

function parseNumberToken(token: string): number {
  return Number(token.replaceAll(',', ''));
}

/** 0 and 1 are mostly flags and counters, not claims. */
function isClaimNumber(value: number): boolean {
  return Number.isFinite(value) && value !== 0 && value !== 1;
}

function digitCount(token: string): number {
  return token.replace(/\D/g, '').length;
}

function factsInProse(text: string, path: string): Fact[] {
  const facts: Fact[] = [];
  let rest = text.replace(QUOTED, (_match, plain: string | undefined, curly: string | undefined) => {
    const quoted = (plain ?? curly ?? '').trim();
    if (quoted.length >= 4) facts.push({ path, text: quoted });
    return ' ';
  });
  for (const pattern of [UUID, EMAIL, DATE]) {
    rest = rest.replace(pattern, (token) => {
      facts.push({ path, text: token });
      return ' ';
    });
  }
  rest = rest.replace(WORD_TOKEN, (token) => {
    if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return token;
    facts.push({ path, text: token });
    return ' ';
  });
  for (const token of rest.match(NUMBER_TOKEN) ?? []) {
    const value = parseNumberToken(token);
    if (digitCount(token) >= 2 && isClaimNumber(value)) facts.push({ path, text: token, number: value });
  }
  return facts;
}

function factsInString(raw: string, path: string): Fact[] {
  const text = raw.trim();
  const amount = AMOUNT.exec(text);
  if (amount) {
    const value = parseNumberToken(amount[1]);
    return isClaimNumber(value) ? [{ path, text, number: value }] : [];
  }
  if (text.length >= 4 && text.length <= 128 && !/\s/.test(text) && /[\d@]/.test(text)) {
    return [{ path, text }];
  }
  return factsInProse(text, path);
}

/** The output's facts, each counted once (first path wins), at most MAX_EVIDENCE_FACTS. */
export function extractFacts(output: unknown, leaves: LeafWalker = collectLeaves): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  for (const leaf of leaves(output, 'output')) {
    let found: Fact[] = [];
    if (typeof leaf.value === 'number') {
      if (isClaimNumber(leaf.value)) found = [{ path: leaf.path, text: String(leaf.value), number: leaf.value }];
    } else if (typeof leaf.value === 'string') {
      found = factsInString(leaf.value, leaf.path);
    }
    for (const fact of found) {
      const key = fact.number === undefined ? `t:${fact.text.toLowerCase()}` : `n:${numberKey(fact.number)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push(fact);
      if (facts.length >= MAX_EVIDENCE_FACTS) return facts;
    }
  }
  return facts;
}

export function buildCorpus(sources: readonly unknown[], leaves: LeafWalker = collectLeaves): EvidenceCorpus {
  const lines: string[] = [];
  const numbers = new Set<string>();
  for (const source of sources) {
    for (const leaf of leaves(source)) {
      const text = leafText(leaf.value);
      if (text === undefined) continue;
      lines.push(text.toLowerCase());
      if (typeof leaf.value === 'number') {
        numbers.add(numberKey(leaf.value));
        continue;
      }
      for (const token of text.match(NUMBER_TOKEN) ?? []) numbers.add(numberKey(parseNumberToken(token)));
    }
  }
  return { text: lines.join('\n'), numbers };
}

export function isBacked(fact: Fact, corpus: EvidenceCorpus): boolean {
  if (fact.number !== undefined) return corpus.numbers.has(numberKey(fact.number));
  return corpus.text.includes(fact.text.toLowerCase());
}
