// "Did you mean ...?" for misspelt keys: a policy file with `action_severty` should say which key
// was meant, not only that the key is unknown.

/** The candidate nearest to `input` (edit distance <= 2, a case-only difference, or a cut-short name), if any. */
export function closestName(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === input.toLowerCase() ? 0
      : input.length >= 6 && candidate.startsWith(input) ? 1
      : editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
