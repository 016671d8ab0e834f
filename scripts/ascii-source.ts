// V8 keeps a module's source text in memory for as long as the module lives, one byte a character
// while every character is Latin-1, two otherwise: one '—' in a comment doubled the bundle's main
// chunk (3 MB -> 6.5 MB of every process's heap). esbuild escapes non-ASCII characters in strings
// and identifiers (charset: ascii) but leaves them in regular expression literals (and in
// comments, which the minified build drops); there each UTF-16 unit becomes \uXXXX, which means
// the same unit in a pattern (with or without the u flag, where an escaped surrogate pair is still
// one code point) and nothing in a comment. A unit already escaped (`\—`, an identity escape)
// loses its backslash, or it would become `\\u2014`.

/** `source` (esbuild output) with every non-ASCII UTF-16 unit written as an escape. */
export function asciiSource(source: string): string {
  return source.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes: string, unit: string) =>
    `${slashes.slice(slashes.length % 2)}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
