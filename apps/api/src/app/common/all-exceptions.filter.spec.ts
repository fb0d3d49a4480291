import { NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { DomainError } from './domain-error';

/** A reply that records what the filter answered. */
function fakeReply() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    type(t: string) {
      sent.headers['content-type'] = t;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

const request = (method: string, url: string) => ({ method, url, ip: '10.0.0.1', id: 'c1' }) as FastifyRequest;

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter(() => '<html>shell</html>');

  it.each([
    ['GET', '/game/dice', 200],
    ['GET', 'http://casino.example/casino?tab=high', 200],
    ['HEAD', '/fairness', 200],
    ['GET', '/%63ashier', 200],
    ['POST', '/game/dice', 404],
    ['GET', '/api/nowhere', 404],
    // decided by the path the router looked up, never the raw target (issue 37)
    ['GET', 'http://casino.example/api/nowhere', 404],
    ['GET', '/%61pi/nowhere', 404],
    ['GET', '/remotes/games/nowhere', 404],
    ['GET', '/main.0123abcd.js?v=1', 404],
  ])('an unknown %s %s is answered %i (200: the shell, for a client route)', (method, url, status) => {
    const { reply, sent } = fakeReply();
    filter.answer(new NotFoundException(), request(method, url), reply);
    expect(sent.status).toBe(status);
    if (status === 200) expect(sent.body).toBe('<html>shell</html>');
  });

  // issue 40 item 9: the shell shows its 404 page, and the status says so too
  it.each(['/zzz', '/game/nope', '/lost/in/space', 'http://casino.example/zzz?x=1'])(
    'a page the app does not know (%s) is the shell answered 404',
    (url) => {
      const { reply, sent } = fakeReply();
      filter.answer(new NotFoundException(), request('GET', url), reply);
      expect(sent).toMatchObject({ status: 404, body: '<html>shell</html>' });
      expect(sent.headers['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  it('answers Retry-After for a domain error that says when to come back, and none otherwise', () => {
    class Busy extends DomainError {
      readonly retryAfterSeconds = 15;
      constructor() {
        super(503, 'busy', 'BUSY');
      }
    }
    const busy = fakeReply();
    filter.answer(new Busy(), request('GET', '/api/x'), busy.reply);
    expect(busy.sent).toMatchObject({ status: 503, headers: { 'retry-after': '15' }, body: { error: 'BUSY' } });
    const plain = fakeReply();
    filter.answer(new DomainError(409, 'no'), request('GET', '/api/x'), plain.reply);
    expect(plain.sent.headers).not.toHaveProperty('retry-after');
  });
});
