import { parseCliArgs, runCli } from './cli';

describe('devnet CLI', () => {
  it('defaults to the standard ports and a data directory', () => {
    expect(parseCliArgs([])).toMatchObject({ dataDir: '.data/devnet', algodPort: undefined, indexerPort: undefined });
  });

  it('parses ports, token and in-memory', () => {
    expect(
      parseCliArgs(['--algod-port', '0', '--indexer-port', '9999', '--token', 't', '--in-memory', '--quiet']),
    ).toMatchObject({ algodPort: 0, indexerPort: 9999, token: 't', dataDir: undefined, log: undefined });
  });

  it('refuses a bad port and unknown flags', () => {
    expect(() => parseCliArgs(['--algod-port', 'x'])).toThrow(/--algod-port must be a port number/);
    expect(() => parseCliArgs(['--nope'])).toThrow();
  });

  it('prints help', async () => {
    const out: string[] = [];
    expect(await runCli(['--help'], (t) => out.push(t))).toBeNull();
    expect(out.join('')).toMatch(/Usage: devnet/);
  });

  it('starts and prints endpoints, the house, AMINA and every demo wallet', async () => {
    const out: string[] = [];
    const devnet = await runCli(['--algod-port', '0', '--indexer-port', '0', '--in-memory', '--quiet'], (t) =>
      out.push(t),
    );
    try {
      const text = out.join('\n');
      expect(text).toContain(devnet!.algodUrl);
      expect(text).toContain(`AMINA asset id ${devnet!.info().assetId}`);
      expect(text).toContain(devnet!.info().house.mnemonic);
      for (const wallet of devnet!.wallets()) {
        expect(text).toContain(wallet.address);
        expect(text).toContain(wallet.mnemonic);
      }
      expect(text).toContain('(not opted in to AMINA)');
    } finally {
      await devnet!.close();
    }
  });
});
