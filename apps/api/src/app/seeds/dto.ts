import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /api/game-seeds/update-client-seed. */
export class UpdateClientSeedDto {
  @ApiProperty()
  @MaxLength(80)
  @IsString({ message: 'walletAddress must be a string' })
  walletAddress!: string;

  @ApiProperty({ description: '1–64 characters' })
  @IsOptional()
  clientSeed?: unknown;
}

/** POST /api/game-seeds/new-server-seed. */
export class NewServerSeedDto {
  @ApiProperty()
  @MaxLength(80)
  @IsString({ message: 'walletAddress must be a string' })
  walletAddress!: string;
}
