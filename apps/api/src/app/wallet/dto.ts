import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** A body naming the player's wallet. */
export class WalletAddressDto {
  @ApiProperty()
  @MaxLength(80, { message: 'walletAddress is too long' })
  @IsString({ message: 'walletAddress must be a string' })
  walletAddress!: string;
}

/** POST /api/crypto/ownership/verify. */
export class OwnershipVerifyDto extends WalletAddressDto {
  @ApiProperty()
  @IsUUID('4', { message: 'challengeId must be the id returned by /ownership/challenge' })
  challengeId!: string;

  @ApiPropertyOptional({ description: 'base64 of the signed challenge transaction' })
  @IsOptional()
  @MaxLength(4096, { message: 'signedTxnB64 is too long' })
  @IsString({ message: 'signedTxnB64 must be a base64 string' })
  signedTxnB64?: string;

  @ApiPropertyOptional({
    description:
      'base64 ed25519 signature: over sha256(message) ‖ sha256(authenticatorData) with authenticatorDataB64 (ARC-60 signData), else over "MX" + message (algosdk signBytes)',
  })
  @IsOptional()
  @MaxLength(200, { message: 'signatureB64 is too long' })
  @IsString({ message: 'signatureB64 must be a base64 string' })
  signatureB64?: string;

  @ApiPropertyOptional({
    description: 'base64 ARC-60 authenticator data (starts with sha256 of the domain), with signatureB64',
  })
  @IsOptional()
  @MaxLength(400, { message: 'authenticatorDataB64 is too long' })
  @IsString({ message: 'authenticatorDataB64 must be a base64 string' })
  authenticatorDataB64?: string;
}
