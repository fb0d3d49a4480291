import { Module } from '@nestjs/common';
import { PokerBus } from './poker-bus';
import { PokerBusRepository } from './poker-bus.repository';
import { PokerController } from './poker.controller';
import { PokerGateway } from './poker.gateway';
import { DEFAULT_POKER_OPTIONS, POKER_OPTIONS } from './poker.options';
import { PokerRepository } from './poker.repository';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';
import { SocketAuth } from './socket-auth';

/** Cosmic Poker: play-money No-Limit Hold'em tables (REST + WebSocket), chips bought with HC, each table run by one instance and reachable from all. */
@Module({
  controllers: [PokerController],
  providers: [
    { provide: POKER_OPTIONS, useValue: DEFAULT_POKER_OPTIONS },
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
