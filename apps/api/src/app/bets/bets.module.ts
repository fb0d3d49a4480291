import { Module } from '@nestjs/common';
import { BetsController } from './bets.controller';

/** The player's bet history. */
@Module({ controllers: [BetsController] })
export class BetsModule {}
