// Patterns for the text fields that become a ledger row's columns (agent, tool, reviewer): the
// ledger refuses control characters there (PostgreSQL cannot store NUL in text, and logs and
// stores mangle the rest), so a request carrying one is answered 422 at the door, not 500 later.

/** An agent's id: letters, digits, underscore, dash and dot. */
export const AGENT_ID_PATTERN = '^[\\w\\-\\.]+$';
/** Names (actions, tools, models, principals): any text but control characters (NUL, newlines, DEL), which no name holds. */
export const IDENTIFIER_TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';
/** The same, where the field may be empty. */
export const NO_CONTROL_CHARACTERS_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';
