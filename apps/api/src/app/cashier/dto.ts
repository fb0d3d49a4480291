import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { WalletAddressDto } from '../wallet/dto';

/** POST /api/crypto/build-deposit. */
export class BuildDepositDto extends WalletAddressDto {
  @ApiProperty({ example: '1.5' })
  @IsOptional()
  amount?: unknown;
}

/** POST /api/crypto/submit-deposit. */
export class SubmitDepositDto extends WalletAddressDto {
  @ApiProperty({ description: 'base64 of the signed deposit transaction' })
  @MaxLength(4096, { message: 'signedTxnB64 is too long' })
  @IsString({ message: 'signedTxnB64 must be a base64 string' })
  signedTxnB64!: string;
}

/** POST /api/crypto/notify-deposit. */
export class NotifyDepositDto extends WalletAddressDto {
  @ApiProperty()
  @IsOptional()
  txId?: unknown;
}

/** POST /api/crypto/withdraw. */
export class WithdrawDto extends WalletAddressDto {
  @ApiProperty({ example: '0.5' })
  @IsOptional()
  amount?: unknown;

  @ApiPropertyOptional({ description: 'blank: the connected wallet' })
  @IsOptional()
  @MaxLength(80, { message: 'toAddress is too long' })
  @Matches(/^([A-Z2-7]{58})?$/, { message: 'toAddress must be a 58-character Algorand address' })
  @IsString({ message: 'toAddress must be a string' })
  toAddress?: string;
}
