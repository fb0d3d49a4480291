import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CashOutResult, PokerMe, TableSummary, TableView } from '@cosmic/poker';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import {
  CashOutResultSchema,
  PokerActBodySchema,
  PokerBuyInBodySchema,
  PokerHandRecordsSchema,
  PokerHandsQuerySchema,
  PokerMeSchema,
  PokerTableParamsSchema,
  TableSummariesSchema,
  TableViewSchema,
  type PokerActRequest,
  type PokerBuyInRequest,
  type PokerHandRecord,
  type PokerHandsQuery,
  type PokerTableParams,
} from '@cosmic/contracts';
import { Answers, SchemaBody, SchemaParams, SchemaQuery } from '../common/schema-decorators';
import { toAction } from './action';
import { PokerService } from './poker.service';

/** Cosmic Poker over HTTP: lobby, buy-in, cash-out and state; the live table is on the WebSocket. */
@ApiTags('poker')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('poker')
export class PokerController {
  constructor(private readonly poker: PokerService) {}

  @Get('tables')
  @ApiOperation({ summary: 'The tables: seats taken by humans and bots, blinds, buy-in range' })
  @Answers(TableSummariesSchema)
  tables(): Promise<TableSummary[]> {
    return this.poker.list();
  }

  @Get('tables/:id')
  @ApiOperation({ summary: 'One table as you see it (your hole cards only)' })
  @Answers(TableViewSchema)
  table(
    @SchemaParams(PokerTableParamsSchema) params: PokerTableParams,
    @CurrentUser() me: SessionUser,
  ): Promise<TableView> {
    return this.poker.view(me, params.id);
  }

  @Get('me')
  @ApiOperation({ summary: 'Where you sit, and the odd chips kept from your last cash-out' })
  @Answers(PokerMeSchema)
  me(@CurrentUser() me: SessionUser): Promise<PokerMe> {
    return this.poker.me(me);
  }

  @Get('hands')
  @ApiOperation({ summary: 'Your latest hands with their revealed seeds' })
  @Answers(PokerHandRecordsSchema)
  hands(
    @SchemaQuery(PokerHandsQuerySchema) query: PokerHandsQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<PokerHandRecord[]> {
    return this.poker.hands(me, query.limit ?? 20);
  }

  @Post('tables/:id/buy-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Buy chips with HC (100 chips per HC): sit down, or top up between hands' })
  @Answers(TableViewSchema)
  buyIn(
    @SchemaParams(PokerTableParamsSchema) params: PokerTableParams,
    @SchemaBody('PokerBuyInBody', PokerBuyInBodySchema) body: PokerBuyInRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<TableView> {
    return this.poker.buyIn(me, params.id, body.amount);
  }

  // act and sit-in answer the view: null only for a socket's move (withView false), never here
  @Post('tables/:id/act')
  @HttpCode(200)
  @ApiOperation({ summary: 'fold, check, call, bet, raise (amount = street total) or allin' })
  @Answers(TableViewSchema)
  act(
    @SchemaParams(PokerTableParamsSchema) params: PokerTableParams,
    @SchemaBody('PokerActBody', PokerActBodySchema) body: PokerActRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<TableView | null> {
    return this.poker.act(me, params.id, toAction(body.action, body.amount));
  }

  @Post('tables/:id/sit-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Back from sitting out' })
  @Answers(TableViewSchema)
  sitIn(
    @SchemaParams(PokerTableParamsSchema) params: PokerTableParams,
    @CurrentUser() me: SessionUser,
  ): Promise<TableView | null> {
    return this.poker.sitIn(me, params.id);
  }

  @Post('cash-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave the table (folding a hand in play): floor(chips / 100) HC back, odd chips kept' })
  @Answers(CashOutResultSchema)
  cashOut(@CurrentUser() me: SessionUser): Promise<CashOutResult> {
    return this.poker.cashOut(me);
  }
}
