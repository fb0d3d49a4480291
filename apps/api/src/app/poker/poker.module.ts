import { Module } from '@nestjs/common';
import { PokerBus } from './poker-bus';
import { PokerBusRepository } from './poker-bus.repository';
import { PokerController } from './poker.controller';
import { PokerGateway } from './poker.gateway';
import { POKER_OPTIONS, pokerOptions } from './poker.options';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { PokerRepository } from './poker.repository';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';
import { SocketAuth } from './socket-auth';

/** Cosmic Poker: play-money No-Limit Hold'em tables (REST + WebSocket), chips bought with HC, each table run by one instance and reachable from all. */
@Module({
  controllers: [PokerController],
  providers: [
    { provide: POKER_OPTIONS, useFactory: (config: AppConfig) => pokerOptions(config), inject: [APP_CONFIG] },
    PokerRepository,
    PokerBusRepository,
    PokerBus,
    PokerTables,
    PokerService,
    SocketAuth,
    PokerGateway,
  ],
  exports: [PokerService, PokerTables],
})
export class PokerModule {}
