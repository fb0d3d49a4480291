import { Module } from '@nestjs/common';
import { FairnessController } from './fairness.controller';

/** Published paytables and RTPs. */
@Module({ controllers: [FairnessController] })
export class FairnessModule {}
