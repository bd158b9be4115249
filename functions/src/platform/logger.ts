/** One JSON line per event, with the correlation id of the request that caused it. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let correlationId: string | undefined;

export function setCorrelationId(id: string | undefined) { correlationId = id; }

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  const min = (process.env.LOG_LEVEL as Level) ?? 'info';
  if (order[level] < (order[min] ?? 20)) return;
  const line = JSON.stringify({ level, message, correlation_id: correlationId, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
