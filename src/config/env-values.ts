// Parsing one environment variable's value: a bad value is pushed to `issues` with the
// variable's name and what it accepts, and the default stands, so start-up reports every problem
// at once.

export function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number, issues: string[]): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    issues.push(`${name}: "${raw}" must be an integer from ${min} to ${max}`);
    return fallback;
  }
  return value;
}

export function boolean(raw: string | undefined, name: string, fallback: boolean, issues: string[]): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  issues.push(`${name}: "${raw}" must be true or false`);
  return fallback;
}
