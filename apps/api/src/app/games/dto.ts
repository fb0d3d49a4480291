import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDecimalAmount } from '../common/amount';

/** Every game call names the player's wallet (checked against the session). */
export class WalletBody {
  @ApiProperty()
  @MaxLength(80, { message: 'walletAddress is too long' })
  @IsString({ message: 'walletAddress must be a string' })
  walletAddress!: string;
}

/** A new bet: amount and currency. */
export class BetBody extends WalletBody {
  @ApiProperty({ example: '10', description: 'decimal string (or number), at most 8 decimals' })
  @IsDecimalAmount()
  betAmount!: string;

  @ApiProperty({ enum: ['HC', 'AMINA'] })
  @IsIn(['HC', 'AMINA'], { message: 'currency must be HC or AMINA' })
  currency!: 'HC' | 'AMINA';
}

/** POST /api/games/dice. */
export class DiceBody extends BetBody {
  @ApiProperty({ enum: ['low', 'seven', 'high'] })
  @IsIn(['low', 'seven', 'high'], { message: 'betType must be low, seven or high' })
  betType!: 'low' | 'seven' | 'high';
}

/** POST /api/games/plinko/deduct. */
export class PlinkoBody extends BetBody {
  @ApiProperty({ enum: ['low', 'medium', 'high'] })
  @IsIn(['low', 'medium', 'high'], { message: 'risk must be low, medium or high' })
  risk!: 'low' | 'medium' | 'high';
}

/** POST /api/games/plinko/result: the spec's client sends its own slot; the server's stands. */
export class PlinkoResultBody extends WalletBody {
  @ApiPropertyOptional({ description: 'the bet to answer (default: the latest plinko bet)' })
  @IsOptional()
  @IsString({ message: 'betId must be a string' })
  @MaxLength(20)
  betId?: string;

  @ApiPropertyOptional({ description: 'ignored: the server decided the slot' })
  @Allow()
  slotIndex?: unknown;

  @Allow() betAmount?: unknown;
  @Allow() currency?: unknown;
  @Allow() risk?: unknown;
}

/** POST /api/games/hilo/start (the spec names the amount `bet`). */
export class HiloStartBody extends WalletBody {
  @ApiProperty({ example: '10' })
  @IsDecimalAmount()
  bet!: string;

  @ApiProperty({ enum: ['HC', 'AMINA'] })
  @IsIn(['HC', 'AMINA'], { message: 'currency must be HC or AMINA' })
  currency!: 'HC' | 'AMINA';
}

/** POST /api/games/hilo/guess. */
export class HiloGuessBody extends WalletBody {
  @ApiProperty({ enum: ['higher', 'lower'] })
  @IsIn(['higher', 'lower'], { message: 'direction must be higher or lower' })
  direction!: 'higher' | 'lower';
}

/** Hi-lo cashout and loss: the spec's client also sends streak and currentBet; the server's stand. */
export class HiloEndBody extends WalletBody {
  @ApiPropertyOptional({ description: 'ignored: the server knows the streak' })
  @Allow()
  streak?: unknown;

  @ApiPropertyOptional({ description: 'ignored: the server knows the bet' })
  @Allow()
  currentBet?: unknown;

  @Allow() currency?: unknown;
}

/** Blackjack stand/double/split/bust: the spec's client also sends totals, cards and the bet; the server's stand. */
export class BlackjackEndBody extends WalletBody {
  @ApiPropertyOptional({ description: 'ignored: the server knows the hand' })
  @Allow()
  playerTotal?: unknown;

  @ApiPropertyOptional({ description: 'ignored: the server knows the cards' })
  @Allow()
  currentPlayerCards?: unknown;

  @Allow() betAmount?: unknown;
  @Allow() currency?: unknown;
}

/** POST /api/games/slots. */
export class SlotsBody extends WalletBody {
  @ApiPropertyOptional({ example: '1', description: 'ignored for a free spin (the bonus keeps its bet)' })
  @IsOptional()
  betAmount?: string;

  @ApiPropertyOptional({ enum: ['HC', 'AMINA'] })
  @IsOptional()
  @IsIn(['HC', 'AMINA'], { message: 'currency must be HC or AMINA' })
  currency?: 'HC' | 'AMINA';

  @ApiPropertyOptional({ description: 'true to play one of the free spins the server holds' })
  @IsOptional()
  @IsBoolean({ message: 'isFreeSpins must be true or false' })
  isFreeSpins?: boolean;
}
