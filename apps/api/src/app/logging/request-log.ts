import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
} from 'fastify';
import { routedPath } from '../common/request-path';

/** The fields of the one line written per answered request. */
export interface RequestLine {
  method: string;
  /** The route's pattern (`/api/bets/:id`), or the path without its query when no route matched. */
  route: string;
  status: number;
  latencyMs: number;
}

/** What the request line says of `req` answered by `reply`. */
export function requestLine(req: FastifyRequest, reply: FastifyReply): RequestLine {
  return {
    method: req.method,
    route: req.routeOptions.url ?? routedPath(req.url),
    status: reply.statusCode,
    latencyMs: Math.round(reply.elapsedTime * 100) / 100,
  };
}

/**
 * Fastify's request logging, one line per answered request instead of its two (`incoming
 * request`, `request completed` with the whole req/res): `msg: "request"`, info level (error when
 * the response itself failed), through the request's logger, so it carries the correlationId.
 * Headers, query strings and bodies are never written.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'correlationId' });
  }

  override incomingRequest(): void {
    // the line is written once the answer is out
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...requestLine(request, reply), err: error }, 'request');
    else reply.log.info(requestLine(request, reply), 'request');
  }
}

/** Answers each request's correlation id in X-Request-Id, for a client to quote. */
export function answerCorrelationId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    void reply.header('x-request-id', req.id);
    done();
  });
}
