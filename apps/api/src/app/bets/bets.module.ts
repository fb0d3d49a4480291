import { Module } from '@nestjs/common';
import { BetsController } from './bets.controller';
import { BetsRepository } from './bets.repository';

/** The player's bet history, and the reads of settled bets the live feed and the bet details share. */
@Module({ controllers: [BetsController], providers: [BetsRepository], exports: [BetsRepository] })
export class BetsModule {}
