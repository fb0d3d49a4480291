import { BadRequestException } from '@nestjs/common';
import { parseMoney } from '../common/amount';
import type { DiceBody, PlinkoBody } from './dto';

/** One field's check: the problem's message, or null when the value is fine. */
type Check = (value: unknown) => string | null;

const isString =
  (field: string): Check =>
  (v) =>
    typeof v === 'string' ? null : `${field} must be a string`;

const maxLength =
  (max: number, message: string): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max ? null : message;

const oneOf =
  (values: readonly string[], message: string): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : message;

const decimalAmount =
  (field: string): Check =>
  (v) => {
    try {
      parseMoney(v, field);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };

/**
 * A body schema checked by hand, with exactly the rules and messages of the class-validator DTO
 * it mirrors (dto.ts; a unit test holds the two to the same answers): fields in class-validator's
 * order (unknown fields, the DTO's own field, then its parents'), the first problem per field. The instant-bet routes run outside
 * Nest's pipeline, where class-transformer and class-validator cost more than the bet itself.
 */
export class BodySchema<T> {
  private readonly names: ReadonlySet<string>;

  constructor(private readonly fields: ReadonlyArray<readonly [name: string, checks: readonly Check[]]>) {
    this.names = new Set(fields.map(([name]) => name));
  }

  parse(raw: unknown): T {
    const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of Object.keys(body)) if (!this.names.has(key)) problems.push(`property ${key} should not exist`);
    for (const [name, checks] of this.fields) {
      for (const check of checks) {
        const problem = check(body[name]);
        if (problem !== null) {
          problems.push(problem);
          break;
        }
      }
    }
    if (problems.length) throw new BadRequestException(problems.join('; '));
    return body as T;
  }
}

const WALLET: readonly Check[] = [isString('walletAddress'), maxLength(80, 'walletAddress is too long')];
const BET: ReadonlyArray<readonly [string, readonly Check[]]> = [
  ['walletAddress', WALLET],
  ['betAmount', [decimalAmount('betAmount')]],
  ['currency', [oneOf(['HC', 'AMINA'], 'currency must be HC or AMINA')]],
];

/** POST /api/games/dice (the DiceBody DTO). */
export const DICE_BODY = new BodySchema<DiceBody>([['betType', [oneOf(['low', 'seven', 'high'], 'betType must be low, seven or high')]], ...BET]);

/** POST /api/games/plinko/deduct (the PlinkoBody DTO). */
export const PLINKO_BODY = new BodySchema<PlinkoBody>([['risk', [oneOf(['low', 'medium', 'high'], 'risk must be low, medium or high')]], ...BET]);
