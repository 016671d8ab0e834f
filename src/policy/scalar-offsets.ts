// Where a character of a YAML string value sits in the file. A CEL error names an offset in the
// expression; the expression may be a quoted string (escapes), a block scalar (indentation
// removed) or folded over several lines (newlines become spaces). Walking the value and the
// source side by side maps one onto the other for all of them.

export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

interface Unit { at: number; char: string; escaped: boolean }

const WHITESPACE = /[ \t\r\n]/;

/** The absolute offset in `text` of character `index` of `value` (index may equal value.length). */
export function sourceOffsetOf(text: string, start: number, end: number, style: ScalarStyle, value: string, index: number): number {
  const units = sourceUnits(text, start, end, style);
  let next = 0;
  let last = start;
  for (let i = 0; i <= Math.min(index, value.length - 1); i++) {
    const char = value[i];
    // Indentation and line breaks the value does not keep are skipped; anything else pairs up.
    while (next < units.length && WHITESPACE.test(units[next].char) && !units[next].escaped && !WHITESPACE.test(char)) next++;
    if (next >= units.length) return last;
    if (i === index) return units[next].at;
    last = units[next].at + 1;
    next++;
  }
  return last;
}

function sourceUnits(text: string, start: number, end: number, style: ScalarStyle): Unit[] {
  let from = start;
  let to = end;
  if (style === 'QUOTE_DOUBLE' || style === 'QUOTE_SINGLE') {
    from += 1;
    to -= 1;
  } else if (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') {
    // The header (`|`, `>-`, `|2` ...) and its line break come first.
    const lineEnd = text.indexOf('\n', start);
    from = lineEnd < 0 ? end : lineEnd + 1;
  }
  const units: Unit[] = [];
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (style === 'QUOTE_DOUBLE' && char === '\\') {
      units.push({ at: i, char: text[i + 1] ?? '', escaped: true });
      i += 1;
    } else if (style === 'QUOTE_SINGLE' && char === "'" && text[i + 1] === "'") {
      units.push({ at: i, char: "'", escaped: true });
      i += 1;
    } else {
      units.push({ at: i, char, escaped: false });
    }
  }
  return units;
}
