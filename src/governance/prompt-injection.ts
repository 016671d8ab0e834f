// Phrases that try to take over an agent's instructions. Matching text is a signal, not proof,
// so it is reported as "suspected".

const MARKERS: ReadonlyArray<{ id: string; pattern: RegExp }> = [
  { id: 'ignore previous instructions', pattern: /\bignore\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|prompts?|messages|rules)/i },
  { id: 'disregard prior instructions', pattern: /\bdisregard\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\b/i },
  { id: 'forget your instructions', pattern: /\bforget\s+(?:all\s+)?(?:your|the|previous|prior)\s+(?:instructions|rules|prompts?)/i },
  { id: 'you are now', pattern: /\byou\s+are\s+now\b/i },
  { id: 'system prompt', pattern: /\bsystem\s+prompt\s*:/i },
  { id: 'new instructions', pattern: /\bnew\s+instructions\s*:/i },
  { id: 'chat template token', pattern: /<\|(?:im_start|im_end|system|endoftext)\|>/i },
  { id: 'do anything now', pattern: /\bdo\s+anything\s+now\b/i },
];

/** The id of the first marker found in the text, or undefined. */
export function injectionMarker(text: string): string | undefined {
  return MARKERS.find((marker) => text.search(marker.pattern) !== -1)?.id;
}
