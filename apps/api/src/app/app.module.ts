import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CasinoReadings } from './casino-readings';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { IdempotencyRepository } from './common/idempotency.repository';
import { IdempotencyStore } from './common/idempotency.store';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { WebModule } from './web/web.module';
import { CorsModule } from './http/cors-policy';
import { PublicOriginModule } from './http/public-origin';
import { AuthModule } from './auth/auth.module';
import { SettlementModule } from './settlement/settlement.module';
import { UsersModule } from './users/users.module';
import { SeedsModule } from './seeds/seeds.module';
import { BetsModule } from './bets/bets.module';
import { FairnessModule } from './fairness/fairness.module';
import { ChainModule } from './chain/chain.module';
import { WalletModule } from './wallet/wallet.module';
import { GamesModule } from './games/games.module';
import { CashierModule } from './cashier/cashier.module';
import { ResponsibleGamingModule } from './responsible-gaming/responsible-gaming.module';
import { FindingsModule } from './security/findings.service';
import { SecurityModule } from './security/security.module';
import { ScheduleModule } from '@nestjs/schedule';
import { PokerModule } from './poker/poker.module';
import { BankrollModule } from './bankroll/bankroll.module';
import { HousekeepingModule } from './housekeeping/housekeeping.module';
import { PartitionsModule } from './partitions/partitions.module';
import { MetricsModule } from './metrics/metrics.module';
import { ReservesModule } from './reserves/reserves.module';
import { LiveBetsModule } from './live-bets/live-bets.module';
import { BetDetailsModule } from './bet-details/bet-details.module';
import { AnchorsModule } from './anchors/anchors.module';

/** The API's root module, built from the validated configuration and the resolved database URL. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig & { databaseUrl: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config.databaseUrl),
        AuthModule,
        CorsModule,
        PublicOriginModule,
        SettlementModule,
        HealthModule,
        WebModule,
        UsersModule,
        SeedsModule,
        BetsModule,
        FairnessModule,
        ChainModule,
        BankrollModule,
        MetricsModule,
        WalletModule,
        GamesModule,
        FindingsModule,
        CashierModule,
        ResponsibleGamingModule,
        SecurityModule,
        PokerModule,
        HousekeepingModule,
        PartitionsModule,
        ReservesModule,
        LiveBetsModule,
        BetDetailsModule,
        AnchorsModule,
        ScheduleModule.forRoot(),
      ],
      providers: [
        IdempotencyRepository,
        IdempotencyStore,
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        CasinoReadings,
      ],
    };
  }
}
