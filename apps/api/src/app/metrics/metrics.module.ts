import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics, available to every module. The readings of other modules' numbers at each
 * scrape (CasinoReadings) sit in the app's root, which may import every module.
 */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
