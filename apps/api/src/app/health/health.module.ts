import { Module } from '@nestjs/common';
import { Drain } from './drain';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { HealthRepository } from './health.repository';

@Module({ controllers: [HealthController], providers: [HealthService, HealthRepository, Drain], exports: [Drain] })
export class HealthModule {}
