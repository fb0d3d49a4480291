import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { POKER_ACTIONS, type PokerAction } from '@cosmic/poker';
import { InvalidInputError } from '../common/domain-error';

/** POST /api/poker/tables/:id/buy-in: whole House Coins (100 chips each). */
export class BuyInBody {
  @ApiProperty({ example: 10, description: 'whole HC; the table says its minimum and maximum' })
  @Max(1_000_000, { message: 'amount is too large' })
  @Min(1, { message: 'amount must be at least 1 HC' })
  @IsInt({ message: 'amount must be a whole number of HC' })
  amount!: number;
}

/** POST /api/poker/tables/:id/act. */
export class ActBody {
  @ApiProperty({ enum: POKER_ACTIONS })
  @IsIn(POKER_ACTIONS, { message: `action must be one of ${POKER_ACTIONS.join(', ')}` })
  action!: PokerAction['type'];

  @ApiPropertyOptional({ description: 'bet and raise: the street total to bet or raise to, in chips' })
  @IsOptional()
  @Max(1_000_000_000, { message: 'amount is too large' })
  @Min(0, { message: 'amount must not be negative' })
  @IsInt({ message: 'amount must be a whole number of chips' })
  amount?: number;
}

/** Builds the engine's action from a validated body (also used for socket messages). */
export function toAction(action: unknown, amount: unknown): PokerAction {
  if (typeof action !== 'string' || !(POKER_ACTIONS as readonly string[]).includes(action)) {
    throw new InvalidInputError(`action must be one of ${POKER_ACTIONS.join(', ')}`);
  }
  if (action === 'bet' || action === 'raise') {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw new InvalidInputError('amount must be a whole number of chips for a bet or raise');
    return { type: action, amount };
  }
  return { type: action as 'fold' | 'check' | 'call' | 'allin' };
}
