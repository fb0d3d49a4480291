import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { VaultLogsSchema, type VaultLogs } from '@cosmic/contracts';
import { Answers } from '../../common/schema-decorators';
import { VaultTokenGuard } from '../auth/security-token.guard';
import { VaultService } from '../report/vault.service';

/** A persona's vault, behind the vault token. */
@ApiTags('security')
@ApiBearerAuth()
@UseGuards(VaultTokenGuard)
@Controller('security')
export class VaultController {
  constructor(private readonly vault: VaultService) {}

  @Get(':name/vault')
  @ApiOperation({
    summary:
      'Vault logs of a persona: serverStatus, systemHealth, cryptoSecurity, recentActivity, hackerAttempts, protectedBy, vaultRefreshCycle, lastUpdated',
  })
  @Answers(VaultLogsSchema)
  logs(@Param('name') name: string): VaultLogs {
    return this.vault.logs(name);
  }
}
