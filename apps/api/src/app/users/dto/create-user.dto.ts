import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** POST /api/users. */
export class CreateUserDto {
  @ApiProperty({ description: 'a GUEST_… id or a 58-character Algorand address' })
  @MaxLength(80, { message: 'walletAddress is too long' })
  @IsString({ message: 'walletAddress must be a string' })
  walletAddress!: string;

  @ApiPropertyOptional({ description: '3–32 letters, digits or _' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{3,32}$/, { message: 'username must be 3–32 letters, digits or underscores' })
  @IsString({ message: 'username must be a string' })
  username?: string;
}
