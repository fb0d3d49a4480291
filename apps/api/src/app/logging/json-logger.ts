import { LoggerService } from '@nestjs/common';

const LEVELS = { debug: 10, verbose: 10, info: 20, log: 20, warn: 30, error: 40, fatal: 50 } as const;
type Level = keyof typeof LEVELS;

/** Structured logs: one JSON object per line on stdout, filtered by level. */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(level: 'debug' | 'info' | 'warn' | 'error' = 'info', private readonly out: (line: string) => void = (l) => process.stdout.write(l + '\n')) {
    this.threshold = LEVELS[level];
  }

  log(message: unknown, ...rest: unknown[]): void { this.write('log', message, rest); }
  error(message: unknown, ...rest: unknown[]): void { this.write('error', message, rest); }
  warn(message: unknown, ...rest: unknown[]): void { this.write('warn', message, rest); }
  debug(message: unknown, ...rest: unknown[]): void { this.write('debug', message, rest); }
  verbose(message: unknown, ...rest: unknown[]): void { this.write('verbose', message, rest); }
  fatal(message: unknown, ...rest: unknown[]): void { this.write('fatal', message, rest); }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (LEVELS[level] < this.threshold) return;
    // Nest passes the context as the last string argument, and a stack before it for errors.
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: level === 'log' ? 'info' : level };
    if (context) entry['context'] = context;
    if (message instanceof Error) {
      entry['msg'] = message.message;
      entry['stack'] = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry['msg'] = String(message);
    }
    for (const a of args) {
      if (typeof a === 'string' && a.includes('\n    at ')) entry['stack'] = a;
      else if (a !== undefined) entry['detail'] = a;
    }
    this.out(JSON.stringify(entry, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  }
}
