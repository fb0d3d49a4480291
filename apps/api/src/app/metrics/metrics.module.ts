import { Global, Module } from '@nestjs/common';
import { CasinoReadings } from './casino-readings';
import { MetricsService } from './metrics.service';

/** Prometheus metrics, available to every module; CasinoReadings reads the other modules' numbers at each scrape. */
@Global()
@Module({ providers: [MetricsService, CasinoReadings], exports: [MetricsService] })
export class MetricsModule {}
