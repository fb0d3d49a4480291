import { routedPath } from './request-path';

describe('routedPath: the path Fastify routes a request target by', () => {
  it.each([
    ['/api/bets', '/api/bets'],
    ['/api/bets?limit=1', '/api/bets'],
    ['/api/bets#x', '/api/bets'],
    ['http://127.0.0.1:3000/api/security/session', '/api/security/session'],
    ['https://evil.example/api/games/dice?x=1', '/api/games/dice'],
    ['http://host', '/'],
    ['/%61pi/live-bets', '/api/live-bets'],
    ['http://h/%61pi/health/live', '/api/health/live'],
    // reserved characters stay escaped, as the router keeps them
    ['/api/a%2Fb', '/api/a%2Fb'],
    // a malformed escape is left as it is (the router answers it 400)
    ['/api/%E0%A4%A', '/api/%E0%A4%A'],
    ['/', '/'],
  ])('%s → %s', (url, path) => {
    expect(routedPath(url)).toBe(path);
  });
});
