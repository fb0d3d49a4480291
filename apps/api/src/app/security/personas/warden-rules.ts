import type { HostilePattern, RejectionKind } from '@cosmic/contracts';

/** Every rejection kind, for zeroed counters. */
export const REJECTION_KINDS: readonly RejectionKind[] = [
  'validation',
  'unknown-field',
  'malformed-body',
  'oversized-body',
  'unsupported-media',
  'unknown-route',
];

const PATTERNS: Array<[HostilePattern, RegExp]> = [
  ['null-byte', /%00/],
  ['path-traversal', /\.\.[/\\]|%2e%2e(?:%2f|%5c|[/\\])|\/etc\/passwd|\\windows\\/i],
  ['script-injection', /<\s*\/?\s*script|javascript:|\bon(?:error|load)\s*=|<\s*(?:img|svg|iframe)\b/i],
  [
    'sql-injection',
    /\bunion\b[\s\S]+\bselect\b|'\s*or\s+'?\d*'?\s*=|\bor\s+1\s*=\s*1\b|;\s*(?:drop|delete|insert|update)\s|\bsleep\s*\(|--\s*$/i,
  ],
  ['template-injection', /\$\{\s*jndi:|\$\{[^}]*\}|\{\{[^}]*\}\}/i],
  [
    'scanner-probe',
    /\/\.(?:env|git|aws|ssh)\b|wp-(?:admin|login)|phpmyadmin|\.(?:php|asp|aspx|jsp|cgi)(?:\?|$)|\/(?:admin|console|actuator|server-status)(?:\/|\?|$)/i,
  ],
];

/** Decodes percent-escapes where possible, so `%3Cscript` reads as `<script`. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The attack shape in a URL or rejection message, or null. */
export function hostilePattern(url: string, message = ''): HostilePattern | null {
  const raw = `${url}\n${message}`;
  if (raw.includes('\0')) return 'null-byte';
  const text = `${raw}\n${decoded(raw)}`;
  for (const [name, re] of PATTERNS) if (re.test(text)) return name;
  return null;
}

/** Which kind of bad input a 4xx answer was, or null when it is not warden's business. */
export function rejectionKind(status: number, message: string): RejectionKind | null {
  if (status === 413) return 'oversized-body';
  if (status === 415) return 'unsupported-media';
  if (status === 404)
    return /^Cannot (?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message) ? 'unknown-route' : null;
  if (status !== 400 && status !== 422) return null;
  if (/should not exist/.test(message)) return 'unknown-field';
  if (/JSON|Unexpected (?:token|end)|Body cannot be empty|content-type/i.test(message)) return 'malformed-body';
  return 'validation';
}
