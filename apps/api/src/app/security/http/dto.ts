import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

/** POST /api/security/session and /api/security/{name}/vault/session. */
export class PasswordBody {
  @ApiProperty({
    description: 'the dashboard (or vault) password; sent in the body only, never in a URL',
    format: 'password',
  })
  @Length(1, 256, { message: 'password must be 1 to 256 characters' })
  @IsString({ message: 'password must be a string' })
  password!: string;
}

/** POST /api/security/emergency-domain-fix. */
export class EmergencyFixBody {
  @ApiProperty({
    example: 'https://mirror.example',
    description: 'an origin, or a host name (its http and https origins)',
  })
  @Length(1, 300, { message: 'domain must be 1 to 300 characters' })
  @IsString({ message: 'domain must be a string' })
  domain!: string;
}
