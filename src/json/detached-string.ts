// Strings in storage of their own. V8 makes a substring of 13 characters or more a view into the
// string it was cut from (a sliced string), so a value kept from a parsed document keeps the whole
// document alive: a 30-character parameter kept in a session's history held the 3 MiB body it was
// read from, and a sidecar sent such bodies ran out of heap while its caches counted 30 bytes each.

/** Below this length V8 copies a substring instead of making a view (SlicedString::kMinLength). */
const VIEW_MIN_LENGTH = 13;

/**
 * `text` in storage of its own: concatenating makes a cons string, and cutting it again flattens
 * it into a copy, which is all the result keeps. A string shorter than any view is returned as it
 * is (a concatenation holding a view is at least as long as the view).
 */
export function detachedString(text: string): string {
  return text.length < VIEW_MIN_LENGTH ? text : ` ${text}`.slice(1);
}
