import { Global, Module } from '@nestjs/common';
import { LedgerRepository } from './ledger.repository';

/** Balances and their ledger. */
@Global()
@Module({ providers: [LedgerRepository], exports: [LedgerRepository] })
export class LedgerModule {}
