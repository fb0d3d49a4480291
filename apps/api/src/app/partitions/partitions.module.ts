import { Module } from '@nestjs/common';
import { PartitionsRepository } from './partitions.repository';
import { PartitionsService } from './partitions.service';

/**
 * The weekly partitions of bets and ledger: next weeks created ahead, ended weeks checkpointed for
 * the auditor and, past the retention, archived and detached (partitions.service.ts). Their SQL
 * helpers are live files in sql/.
 */
@Module({ providers: [PartitionsRepository, PartitionsService], exports: [PartitionsService] })
export class PartitionsModule {}
