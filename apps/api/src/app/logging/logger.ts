import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyServerOptions, RawServerBase } from 'fastify';
import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, type PinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/app-config';
import { RequestLogController } from './request-log';

/**
 * Field names whose values never reach the log, wherever they sit (a request body, an error's
 * detail, headers): wallet mnemonics, passwords, session secrets, cookies and credentials.
 */
export const SECRET_FIELDS = [
  'mnemonic',
  'houseMnemonic',
  'passphrase',
  'password',
  'currentPassword',
  'newPassword',
  'sessionSecret',
  'cookie',
  'authorization',
  'set-cookie',
] as const;

/** What a secret field's value is replaced with. */
export const REDACTED = '[redacted]';

/** Secret fields are found this many objects deep (`body.mnemonic` is 1, `req.body.mnemonic` 2). */
const REDACT_DEPTH = 4;

/** pino redaction paths: every secret field at the top and under 1…REDACT_DEPTH wildcard levels. */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of SECRET_FIELDS) {
    const key = /^[A-Za-z_]\w*$/.test(field) ? field : `["${field}"]`;
    for (let depth = 0; depth <= REDACT_DEPTH; depth++) {
      const prefix = Array(depth).fill('*').join('.');
      paths.push(prefix === '' ? key : key.startsWith('[') ? prefix + key : `${prefix}.${key}`);
    }
  }
  return paths;
}

/**
 * The fixed places of secrets in what Fastify's request logger writes (headers, a body): the
 * wildcard paths cost ~10 µs on every child logger, and Fastify makes one per request.
 */
export function httpRedactPaths(): string[] {
  const fields = SECRET_FIELDS.filter((f) => /^\w+$/.test(f));
  return [
    ...['cookie', 'authorization'].flatMap((h) => [`req.headers.${h}`, `headers.${h}`]),
    'res.headers["set-cookie"]',
    'headers["set-cookie"]',
    ...fields.flatMap((f) => [f, `body.${f}`, `req.body.${f}`]),
  ];
}

/** How the API logs. */
export interface LogOptions {
  level: AppConfig['logLevel'];
  /** Human-readable colored lines instead of JSON (a terminal in a local run). */
  pretty?: boolean;
  /** Where lines go: stdout by default; tests pass a stream to read them. */
  destination?: DestinationStream;
}

/**
 * The API's one pino logger: JSON lines (level as a word) at LOG_LEVEL, with every secret field
 * redacted. Nest's logger writes through it, Fastify's request logger is a child of it.
 */
export function createRootLogger(options: LogOptions): Logger {
  const destination =
    options.destination ??
    (options.pretty
      ? pretty({
          colorize: true,
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        })
      : pino.destination({ sync: false }));
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths(), censor: REDACTED },
    },
    destination,
  );
}

/** Pretty lines only for a person watching a local run: stdout is a terminal and NODE_ENV is not production. */
export function wantsPrettyLogs(nodeEnv: AppConfig['nodeEnv'], stdout: { isTTY?: boolean } = process.stdout): boolean {
  return stdout.isTTY === true && nodeEnv !== 'production';
}

/**
 * Nest's logger (`new Logger('Context').warn(…)` everywhere) writing to `root`, through
 * nestjs-pino's adapter: the context becomes a field, an Error its `err`. It is given the pino
 * logger itself rather than a PinoLogger, whose fallback logger is one per process (each test app
 * has its own destination).
 */
export function nestLogger(root: Logger): LoggerService {
  return new NestPinoLogger(root as unknown as PinoLogger, {});
}

/** An X-Request-Id a proxy may send along: kept as the correlation id when it looks like one. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The correlation id of a request: the X-Request-Id set by a proxy in front (nginx's $request_id)
 * when it is a plain token, a fresh UUID otherwise. It is answered in X-Request-Id, written on the
 * request's log lines and in the body of a 500.
 */
export function correlationId(req: { headers: IncomingHttpHeaders }): string {
  const forwarded = req.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/**
 * Fastify's logging options: its request logger is a child of `root`, so `req.log` lines carry the
 * request's correlation id, and it writes one line per request (RequestLogController).
 */
export function fastifyLogging(
  root: Logger,
): Pick<FastifyServerOptions<RawServerBase>, 'loggerInstance' | 'genReqId' | 'logController'> {
  return {
    loggerInstance: root.child({}, { redact: { paths: httpRedactPaths(), censor: REDACTED } }),
    genReqId: correlationId,
    logController: new RequestLogController(),
  };
}
