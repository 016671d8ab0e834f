// Personal data the gateway masked for this person's roles (only admin and auditor read it): the
// marker value it sends, how a masked field looks (a badge with words, not only a colour), and
// the note that says which fields were masked and why.

/** What the gateway writes in place of a personal-data field (src/api/pii-masking.ts). */
export const MASKED_VALUE = '[masked: pii]';

export function isMasked(value: unknown): boolean {
  return value === MASKED_VALUE;
}

export function MaskedValue() {
  return <span className="masked" data-masked="pii">masked: personal data</span>;
}

/** Says what was masked; nothing when the gateway masked nothing (or the roles read everything). */
export function MaskedNotice({ paths }: { paths: string[] | undefined }) {
  if (!paths?.length) return null;
  return (
    <p className="masked-notice" data-testid="masked-notice">
      Personal data is masked for your roles ({paths.length} {paths.length === 1 ? 'field' : 'fields'}: {paths.map((p, i) => <span key={p}>{i ? ', ' : ''}<code>{p}</code></span>)}).
      Only the admin and auditor roles read it.
    </p>
  );
}
