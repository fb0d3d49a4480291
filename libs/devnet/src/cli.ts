import { parseArgs } from 'node:util';
import { formatBanner } from './lib/banner';
import { startDevnet, type Devnet, type DevnetOptions } from './lib/devnet';

// `npm run devnet`: starts the devnet, prints where it listens and the demo wallets, and
// stops cleanly on SIGINT/SIGTERM. State lives in .data/devnet unless --in-memory.

const HELP = `Usage: devnet [options]
  --host <ip>             interface to bind (default 127.0.0.1)
  --algod-port <port>     algod port (default 4001)
  --indexer-port <port>   indexer port (default 8980)
  --token <token>         API token for both (default 64 × "a")
  --data-dir <dir>        where state is kept (default .data/devnet)
  --in-memory             keep no state on disk
  --seed <text>           derive different genesis accounts (new data dirs only)
  --quiet                 do not log every accepted transaction
  --help                  show this help`;

/** Parses CLI arguments into devnet options; null means "print help". */
export function parseCliArgs(argv: string[]): DevnetOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string' },
      'algod-port': { type: 'string' },
      'indexer-port': { type: 'string' },
      token: { type: 'string' },
      'data-dir': { type: 'string' },
      'in-memory': { type: 'boolean' },
      seed: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return null;
  const port = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`--${name} must be a port number`);
    return value;
  };
  return {
    host: values.host,
    algodPort: port('algod-port', values['algod-port']),
    indexerPort: port('indexer-port', values['indexer-port']),
    token: values.token,
    dataDir: values['in-memory'] ? undefined : (values['data-dir'] ?? '.data/devnet'),
    seed: values.seed,
    log: values.quiet ? undefined : (line: string) => console.log(line),
  };
}

/** Starts the devnet from CLI arguments and prints the banner; resolves with the running devnet. */
export async function runCli(argv: string[], print: (text: string) => void = console.log): Promise<Devnet | null> {
  const options = parseCliArgs(argv);
  if (!options) {
    print(HELP);
    return null;
  }
  const devnet = await startDevnet(options);
  print(formatBanner(devnet, options.dataDir));
  return devnet;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (devnet) => {
      if (!devnet) return;
      const stop = (signal: string): void => {
        console.log(`devnet: ${signal}, stopping`);
        void devnet.close().then(() => process.exit(0));
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    },
    (error: unknown) => {
      console.error(`devnet: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
