// Structured JSON logs, one line per event, filtered by LOG_LEVEL. Secrets never reach the logger:
// callers log ids and codes, not payloads.

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (lvl: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(lvl) < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields }) + '\n');
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
