import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
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
/** POST /api/crypto/withdraw/challenge: the text to sign for a withdrawal to another address. */
export class WithdrawChallengeDto extends WalletAddressDto {
  @ApiProperty({ example: '0.5' })
  @IsOptional()
  amount?: unknown;

  @ApiProperty({ description: 'the other address to pay' })
  @MaxLength(80, { message: 'toAddress is too long' })
  @Matches(/^[A-Z2-7]{58}$/, { message: 'toAddress must be a 58-character Algorand address' })
  @IsString({ message: 'toAddress must be a string' })
  toAddress!: string;
}

export class WithdrawDto extends WalletAddressDto {
  @ApiProperty({
    example: '0.5',
    description:
      'AMINA, at least WITHDRAWAL_MIN_AMINA (default 0.001) and at most what is left today of WITHDRAWAL_DAILY_MAX_AMINA (default 10; GET /withdraw/limits)',
  })
  @IsOptional()
  amount?: unknown;

  @ApiPropertyOptional({ description: 'blank: the connected wallet' })
  @IsOptional()
  @MaxLength(80, { message: 'toAddress is too long' })
  @Matches(/^([A-Z2-7]{58})?$/, { message: 'toAddress must be a 58-character Algorand address' })
  @IsString({ message: 'toAddress must be a string' })
  toAddress?: string;

  @ApiPropertyOptional({
    description: 'for another toAddress: the id from /withdraw/challenge, signed now by the proven wallet',
  })
  @IsOptional()
  @IsUUID('4', { message: 'challengeId must be the id returned by /withdraw/challenge' })
  challengeId?: string;

  @ApiPropertyOptional({ description: 'the signed withdrawal challenge transaction (base64)' })
  @IsOptional()
  @MaxLength(4096, { message: 'signedTxnB64 is too long' })
  @IsString({ message: 'signedTxnB64 must be a base64 string' })
  signedTxnB64?: string;

  @ApiPropertyOptional({
    description:
      'or a base64 ed25519 signature of the challenge (ARC-60 with authenticatorDataB64, else algosdk signBytes)',
  })
  @IsOptional()
  @MaxLength(200, { message: 'signatureB64 is too long' })
  @IsString({ message: 'signatureB64 must be a base64 string' })
  signatureB64?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(400, { message: 'authenticatorDataB64 is too long' })
  @IsString({ message: 'authenticatorDataB64 must be a base64 string' })
  authenticatorDataB64?: string;
}
