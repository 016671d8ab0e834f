// The loaded bundle is shared by every request; freezing it means no engine can change policy
// for the requests after it.

/** Freezes plain objects, arrays and Map values recursively; functions and RegExps are left as they are. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof RegExp) return value;
  if (value instanceof Map) {
    for (const item of value.values()) deepFreeze(item);
  } else {
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return Object.freeze(value);
}
