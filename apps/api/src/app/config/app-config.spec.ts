import { availableParallelism } from 'node:os';
import { ConfigError, DEV_SESSION_SECRET, loadConfig, type TrustedProxies } from './app-config';

const HOUSE = 'HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA';
const MNEMONIC = Array(25).fill('abandon').join(' ');
/** A well-formed scrypt hash (16-byte salt, 32-byte key); its password is irrelevant here. */
const HASH = `scrypt$16384$8$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}`;
const PROD = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/cosmic',
  SESSION_SECRET: 'x'.repeat(40),
  ALGOD_URL: 'https://algod.example',
  INDEXER_URL: 'https://indexer.example',
  HOUSE_ADDRESS: HOUSE,
  HOUSE_MNEMONIC: MNEMONIC,
  OPERATOR_PASSWORD_HASH: HASH,
  VAULT_PASSWORD_HASH: HASH,
  PUBLIC_ORIGIN: 'https://casino.example',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

describe('loadConfig', () => {
  it('defaults to a self-contained local run: embedded database and devnet on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.chain.embeddedDevnet).toBe(true);
    expect(c.chain.algodToken).toBe('a'.repeat(64));
    expect(c.corsOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(c.publicOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(loadConfig({ PORT: '3100' }).publicOrigins).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100']);
    expect(c.remotes.games).toBe('/remotes/games/remoteEntry.js');
    expect(c.rateLimitPerMinute).toBe(1200);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimitPerMinute).toBe(100_000_000);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '60' }).rateLimitPerMinute).toBe(60);
    expect(c.accountsPerIpPerHour).toBe(200);
    expect(c.accountsPerHour).toBe(10_000);
    expect(loadConfig({ NODE_ENV: 'test' }).accountsPerHour).toBe(100_000_000);
    expect(c.sessionsPerAccount).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test' }).sessionsPerAccount).toBe(1000);
    expect(loadConfig({ SESSIONS_PER_ACCOUNT: '3' }).sessionsPerAccount).toBe(3);
    expect(() => loadConfig({ SESSIONS_PER_ACCOUNT: '0' })).toThrow(/SESSIONS_PER_ACCOUNT/);
    // the short reality-check interval exists in test runs only
    expect(c.realityCheckTestSeconds).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', REALITY_CHECK_TEST_SECONDS: '10' }).realityCheckTestSeconds).toBe(10);
    expect(() => loadConfig({ REALITY_CHECK_TEST_SECONDS: '10' })).toThrow(
      /REALITY_CHECK_TEST_SECONDS is for NODE_ENV=test only/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', REALITY_CHECK_TEST_SECONDS: '0' })).toThrow(
      /REALITY_CHECK_TEST_SECONDS/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).accountsPerIpPerHour).toBe(100_000_000);
    expect(loadConfig({ ACCOUNTS_PER_IP_PER_HOUR: '5' }).accountsPerIpPerHour).toBe(5);
    expect(() => loadConfig({ ACCOUNTS_PER_IP_PER_HOUR: '0' })).toThrow(/ACCOUNTS_PER_IP_PER_HOUR/);
    expect(c.dbPoolMax).toBe(Math.max(4, 4 * availableParallelism()));
    expect(loadConfig({ DB_POOL_MAX: '12' }).dbPoolMax).toBe(12);
    expect(c.betBatchConcurrency).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
    expect(loadConfig({ BET_BATCH_CONCURRENCY: '3' }).betBatchConcurrency).toBe(3);
    expect(c.betBatchMax).toBe(64);
    expect(loadConfig({ BET_BATCH_MAX: '1' }).betBatchMax).toBe(1);
    expect([c.pokerTables, c.pokerBotDelayMs, c.pokerBetweenHandsMs]).toEqual([3, 1100, 4000]);
    const poker = loadConfig({ POKER_TABLES: '100', POKER_BOT_DELAY_MS: '0', POKER_BETWEEN_HANDS_MS: '250' });
    expect([poker.pokerTables, poker.pokerBotDelayMs, poker.pokerBetweenHandsMs]).toEqual([100, 0, 250]);
  });

  it('accepts a complete production environment and uses the mainnet asset by default', () => {
    const c = loadConfig(PROD);
    expect(c.chain.embeddedDevnet).toBe(false);
    expect(c.chain.assetId).toBe(1107424865n);
    expect(c.cookieSecure).toBe(true);
  });

  it.each([
    ['DATABASE_URL', 'DATABASE_URL is required'],
    ['SESSION_SECRET', 'SESSION_SECRET is required'],
    ['ALGOD_URL', 'ALGOD_URL is required'],
    ['HOUSE_MNEMONIC', 'HOUSE_MNEMONIC is required'],
    ['OPERATOR_PASSWORD_HASH', 'OPERATOR_PASSWORD_HASH is required'],
    ['VAULT_PASSWORD_HASH', 'VAULT_PASSWORD_HASH is required'],
    ['PUBLIC_ORIGIN', 'PUBLIC_ORIGIN is required'],
  ])('refuses production without %s', (name, message) => {
    const env: Record<string, string> = { ...PROD };
    delete env[name];
    expect(problems(env)).toContain(message);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 1 to 65535 (got "70000")'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, production, test (got "staging")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres: or postgresql: URL (got "mysql://x")'],
    [
      { CORS_ORIGINS: 'https://ok.example,not a url' },
      'CORS_ORIGINS must be a comma-separated list of origins like https://casino.example (bad: "not a url")',
    ],
    [
      { CORS_ORIGINS: 'https://ok.example/path' },
      'CORS_ORIGINS must be a comma-separated list of origins like https://casino.example (bad: "https://ok.example/path")',
    ],
    [
      { ALGOD_URL: 'http://n', INDEXER_URL: 'http://i', HOUSE_ADDRESS: 'short' },
      'HOUSE_ADDRESS must be a 58-character Algorand address',
    ],
    [{ AMINA_ASSET_ID: '-1' }, 'AMINA_ASSET_ID must be a positive integer (got "-1")'],
    [
      { OPERATOR_PASSWORD_HASH: 'hunter2' },
      'OPERATOR_PASSWORD_HASH must look like scrypt$N$r$p$<salt base64>$<hash base64> (npm run hash-password -- <password>)',
    ],
    [
      { VAULT_PASSWORD_HASH: HASH.replace('$16384$', '$1024$') },
      'VAULT_PASSWORD_HASH scrypt N must be a power of two ≥ 16384',
    ],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE must be an integer from 1 to 100000000 (got "0")'],
    [{ DB_POOL_MAX: 'many' }, 'DB_POOL_MAX must be an integer from 1 to 1000 (got "many")'],
    [{ BET_BATCH_CONCURRENCY: '0' }, 'BET_BATCH_CONCURRENCY must be an integer from 1 to 1000 (got "0")'],
    [{ BET_BATCH_MAX: '2.5' }, 'BET_BATCH_MAX must be an integer from 1 to 1000 (got "2.5")'],
    [{ POKER_TABLES: '2' }, 'POKER_TABLES must be an integer from 3 to 1000 (got "2")'],
    [{ POKER_BOT_DELAY_MS: '-1' }, 'POKER_BOT_DELAY_MS must be an integer from 0 to 60000 (got "-1")'],
  ])('names the bad variable: %j', (env, message) => {
    expect(problems(env)).toContain(message);
  });

  it('never echoes credentials or the mnemonic in its messages', () => {
    const msgs = problems({
      DATABASE_URL: 'mysql://admin:hunter2@db/x',
      HOUSE_MNEMONIC: 'secret words only three',
    }).join(' ');
    expect(msgs).not.toContain('hunter2');
    expect(msgs).not.toContain('secret words');
    expect(msgs).toContain('HOUSE_MNEMONIC must be 25 words');
  });

  it('reads the public origin(s) challenges name (PUBLIC_ORIGIN) and refuses what is not an origin', () => {
    expect(loadConfig(PROD).publicOrigins).toEqual(['https://casino.example']);
    const two = loadConfig({ ...PROD, PUBLIC_ORIGIN: 'https://casino.example, https://www.casino.example' });
    expect(two.publicOrigins).toEqual(['https://casino.example', 'https://www.casino.example']);
    const usage = 'PUBLIC_ORIGIN must be a comma-separated list of origins like https://casino.example';
    for (const bad of [
      'casino.example',
      'https://casino.example/',
      'https://casino.example/play',
      'ftp://casino.example',
    ])
      expect(problems({ ...PROD, PUBLIC_ORIGIN: bad })).toEqual([`${usage} (bad: "${bad}")`]);
    expect(problems({ ...PROD, PUBLIC_ORIGIN: ',' })).toEqual([`${usage} (got ",")`]);
  });

  it('requires a long session secret in production', () => {
    expect(problems({ ...PROD, SESSION_SECRET: 'short' })).toContain('SESSION_SECRET must be at least 32 characters');
  });

  it('refuses the literal development SESSION_SECRET in production', () => {
    expect(problems({ ...PROD, SESSION_SECRET: DEV_SESSION_SECRET })).toContain(
      'SESSION_SECRET is the development default: choose your own (openssl rand -base64 48)',
    );
    expect(loadConfig({}).sessionSecret).toBe(DEV_SESSION_SECRET);
  });

  it.each([
    [{ DATABASE_URL: 'postgres://u:p@db:5432/cosmic' }, 'DATABASE_URL is configured'],
    [
      { ALGOD_URL: 'https://algod.example', INDEXER_URL: 'https://i.example', HOUSE_ADDRESS: HOUSE },
      'ALGOD_URL points at mainnet',
    ],
    [
      {
        ALGOD_URL: 'https://mainnet-api.algonode.cloud',
        INDEXER_URL: 'https://i.example',
        HOUSE_ADDRESS: HOUSE,
        ALGORAND_NETWORK: 'devnet',
      },
      'ALGOD_URL points at mainnet',
    ],
  ])('refuses an unset NODE_ENV (it would mean development) when %j', (env, why) => {
    expect(problems(env)).toContain(
      `NODE_ENV must be set (production, development or test) when ${why}: unset, it would mean a development run`,
    );
    expect(problems({ ...env, NODE_ENV: 'development' }).join(' ')).not.toContain('NODE_ENV');
  });

  it('lets an unset NODE_ENV mean development for the self-contained run and a local devnet node', () => {
    expect(loadConfig({}).nodeEnv).toBe('development');
    expect(
      problems({
        ALGOD_URL: 'http://127.0.0.1:4001',
        INDEXER_URL: 'http://127.0.0.1:8980',
        HOUSE_ADDRESS: HOUSE,
        ALGORAND_NETWORK: 'devnet',
      }),
    ).toEqual([]);
  });

  it.each<[string | undefined, TrustedProxies]>([
    [undefined, { kind: 'none' }],
    ['none', { kind: 'none' }],
    ['0', { kind: 'none' }],
    ['172.30.0.0/24', { kind: 'list', entries: ['172.30.0.0/24'] }],
    ['loopback, 10.0.0.7,fd00::/8', { kind: 'list', entries: ['loopback', '10.0.0.7', 'fd00::/8'] }],
  ])('reads TRUSTED_PROXIES=%s', (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { TRUSTED_PROXIES: raw }).trustedProxies).toEqual(expected);
  });

  it.each(['true', '*', '0.0.0.0/0', '::/0', '2', 'proxy.example', '10.0.0.0/33'])(
    'refuses TRUSTED_PROXIES=%s (any client could choose its own address)',
    (raw) => {
      expect(problems({ TRUSTED_PROXIES: raw }).join(' ')).toMatch(
        /^TRUSTED_PROXIES must be none or a comma-separated list of the proxies' addresses or CIDRs/,
      );
    },
  );

  it('serves the API docs outside production, and in production only with API_DOCS=1', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig(PROD).apiDocs).toBe(false);
    expect(loadConfig({ ...PROD, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(problems({ API_DOCS: 'yes' })).toContain('API_DOCS must be one of 0, 1 (got "yes")');
  });
});
