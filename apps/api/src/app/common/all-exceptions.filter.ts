import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';

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
  url: string;
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

  /** @param spaIndex returns the shell's index.html (if built) for client-side routes */
  constructor(private readonly spaIndex: () => string | undefined = () => undefined) {}

  onRejection(listener: RejectionListener): void {
    this.listeners.push(listener);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }

  /** Answers `exception` on `reply`: also used by the routes that run outside Nest's pipeline. */
  answer(exception: unknown, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isClientRoute(exception, req)) {
      const html = this.spaIndex();
      if (html !== undefined) {
        void reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
        return;
      }
    }
    let status = 500;
    let body: Record<string, unknown>;
    if (exception instanceof DomainError) {
      status = exception.status;
      body = { statusCode: status, error: exception.code, message: exception.message };
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
        ip: req.ip,
      };
      for (const l of this.listeners) l(event);
    }
    void reply.status(status).send(body);
  }

  private isClientRoute(exception: unknown, req: FastifyRequest): boolean {
    return (
      exception instanceof HttpException &&
      exception.getStatus() === 404 &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      req.url !== '/api' &&
      !req.url.startsWith('/remotes/') &&
      !/\.[a-z0-9]{1,5}(\?|$)/i.test(req.url) // a missing file stays a 404
    );
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
