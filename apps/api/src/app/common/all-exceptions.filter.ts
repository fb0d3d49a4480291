import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isWebRoute } from '@cosmic/contracts';
import { DomainError } from './domain-error';
import { databaseUnavailable } from '../database/database-unavailable';
import { routedPath } from './request-path';

/**
 * Listeners told about every rejected request (the security personas count them). `code` is the
 * refusal's stable code when it has one (a domain error's, or one an HTTP error carries, such as
 * WALLET_MISMATCH): listeners branch on it, never on the message.
 */
export type RejectionListener = (event: {
  status: number;
  code?: string;
  message: string;
  method: string;
  /** The raw request target, query included (what hostile-input checks read). */
  url: string;
  /** The path it was routed by (common/request-path.ts): what decisions by route read. */
  path: string;
  ip: string;
}) => void;

/**
 * The one exception filter: domain errors and HTTP errors keep their status and message, and the
 * body's `error` carries a domain error's stable code (what clients branch on, never the text);
 * anything else is logged with the request's correlation id (its X-Request-Id) and answered as a
 * generic 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');
  private readonly listeners: RejectionListener[] = [];

  /**
   * @param shellPage returns the shell's HTML (if built) for a page's path: its prerendered first
   * screen, or index.html (the app answers a path it does not know with its 404 page)
   */
  constructor(private readonly shellPage: (path: string) => string | undefined = () => undefined) {}

  onRejection(listener: RejectionListener): void {
    this.listeners.push(listener);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }

  /** Answers `exception` on `reply`: also used by the routes that run outside Nest's pipeline. */
  answer(exception: unknown, req: FastifyRequest, reply: FastifyReply): void {
    // a statement run on a pool straight (not through SqlService.query) whose server went away in a
    // failover (57P01 "unexpected postmaster exit", a reset socket): 503 with Retry-After, not a 500
    exception = databaseUnavailable(exception) ?? exception;
    if (this.isPage(exception, req)) {
      const path = routedPath(req.url);
      const html = this.shellPage(path);
      if (html !== undefined) {
        // a path the app's router does not know is still the app (its 404 page), answered 404
        const status = isWebRoute(path) ? 200 : 404;
        void reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
        return;
      }
    }
    let status = 500;
    let body: Record<string, unknown>;
    if (exception instanceof DomainError) {
      status = exception.status;
      body = { statusCode: status, error: exception.code, message: exception.message };
      // a refusal that says when to come back (a full stream cap) answers with Retry-After
      const retryAfter = (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      const detail = (exception as { detail?: unknown }).detail;
      if (typeof detail === 'string') {
        // internal words (an Algorand node's error text) are logged, never answered
        const correlationId = req.id;
        this.logger.warn({
          msg: 'answered without its internal detail',
          correlationId,
          method: req.method,
          url: req.url,
          code: exception.code,
          detail,
        });
        body['correlationId'] = correlationId;
      }
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : (messageOf(res) ?? exception.message);
      body = { statusCode: status, error: errorName(status), message };
    } else if (isFastifyClientError(exception)) {
      status = exception.statusCode;
      body = { statusCode: status, error: errorName(status), message: exception.message };
    } else {
      const correlationId = req.id;
      // `err` is written with its type, message and stack (pino's error serializer)
      this.logger.error({ msg: 'unhandled error', correlationId, method: req.method, url: req.url, err: exception });
      body = {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side',
        correlationId,
      };
    }
    if (status >= 400 && status < 500) {
      const code = (exception as { code?: unknown } | null)?.code;
      const event = {
        status,
        code: typeof code === 'string' ? code : undefined,
        message: String(body['message']),
        method: req.method,
        url: req.url,
        path: routedPath(req.url),
        ip: req.ip,
      };
      for (const l of this.listeners) l(event);
    }
    void reply.status(status).send(body);
  }

  /** A GET of a page (not the API, a remote's files or a file): answered with the app. */
  private isPage(exception: unknown, req: FastifyRequest): boolean {
    if (!(exception instanceof HttpException) || exception.getStatus() !== 404) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = routedPath(req.url);
    const api = path.startsWith('/api/') || path === '/api';
    const file = /\.[a-z0-9]{1,5}$/i.test(path); // a missing file stays a 404
    return !api && !path.startsWith('/remotes/') && !file;
  }
}

function messageOf(res: object): string | undefined {
  const m = (res as { message?: unknown }).message;
  if (Array.isArray(m)) return m.join('; ');
  return typeof m === 'string' ? m : undefined;
}

function isFastifyClientError(e: unknown): e is { statusCode: number; message: string } {
  const code = (e as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500;
}

function errorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
  };
  return names[status] ?? 'Error';
}
