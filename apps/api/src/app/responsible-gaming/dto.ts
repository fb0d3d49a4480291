import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { WalletAddressDto } from '../wallet/dto';

/**
 * POST /api/responsible-gaming/limits: a decimal amount sets the limit; null removes it. Lowering
 * applies at once; raising or removing is pending for the 24-hour cool-off.
 */
export class SetLimitsDto extends WalletAddressDto {
  @ApiPropertyOptional({ example: '500', nullable: true })
  @IsOptional()
  dailyLossLimitHC?: unknown;

  @ApiPropertyOptional({ example: '2', nullable: true })
  @IsOptional()
  dailyLossLimitAMINA?: unknown;
}

/** POST /api/responsible-gaming/self-exclude. */
export class SelfExcludeDto extends WalletAddressDto {
  @ApiProperty({ enum: [1, 7, 30, 180, 365] })
  @IsInt({ message: 'days must be one of 1, 7, 30, 180, 365' })
  @IsIn([1, 7, 30, 180, 365], { message: 'days must be one of 1, 7, 30, 180, 365' })
  days!: number;
}
