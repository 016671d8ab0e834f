// The `Prefer` request header (RFC 7240): a client's wishes a server may honour or ignore. Only
// `return=minimal` is read here: "leave the representation out of the answer, I have it".

/**
 * True when the header(s) ask for `return=minimal`. Preferences are comma-separated, each
 * `token [= word] *(; parameter)`, with optional whitespace around `=`; names are case-insensitive
 * and a value may be quoted. Anything unparsable is no preference (the server answers in full).
 */
export function prefersMinimalReturn(header: string | readonly string[] | undefined): boolean {
  if (header === undefined) return false;
  const values = typeof header === 'string' ? [header] : header;
  for (const value of values) {
    for (const preference of value.split(',')) {
      const [nameAndValue = ''] = preference.split(';');
      const match = /^\s*return\s*=\s*(?:"minimal"|minimal)\s*$/i.exec(nameAndValue);
      if (match) return true;
    }
  }
  return false;
}
