import { InvalidInputError } from '../../common/domain-error';
import { targetOrigins } from './domain-target';

const ALLOWED = [
  'https://casino.example',
  'https://mirror.example',
  'https://mirror.example:8443',
  'http://localhost:3000',
];

describe('emergency fix targets', () => {
  it.each<[string, string[]]>([
    ['https://mirror.example', ['https://mirror.example']],
    ['HTTPS://Mirror.Example/', ['https://mirror.example']],
    ['mirror.example', ['https://mirror.example', 'http://mirror.example', 'https://mirror.example:8443']],
    ['mirror.example:8443', ['https://mirror.example:8443', 'http://mirror.example:8443']],
    ['localhost:3000', ['https://localhost:3000', 'http://localhost:3000']],
    ['phish.example', ['https://phish.example', 'http://phish.example']],
  ])('%s → %j', (domain, origins) => {
    expect(targetOrigins(domain, ALLOWED)).toEqual(origins);
  });

  it.each(['', 'not a domain!', 'https://mirror.example/path', 'ftp://mirror.example', '-bad.example', 'a..b'])(
    'refuses %j with a 400 naming the field',
    (domain) => {
      expect(() => targetOrigins(domain, ALLOWED)).toThrow(InvalidInputError);
      expect(() => targetOrigins(domain, ALLOWED)).toThrow(/^domain must be /);
    },
  );
});
