import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** Prometheus metrics, available to every module. */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
