import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { InvalidInputError } from '../common/domain-error';
import {
  PokerActBodySchema,
  PokerBuyInBodySchema,
  type PokerActRequest,
  type PokerBuyInRequest,
} from '@cosmic/contracts';
import { SchemaBody } from '../common/schema-decorators';
import { toAction } from './action';
import { PokerService } from './poker.service';

const TABLE_ID = /^[a-z0-9-]{1,32}$/;
const tableId = (id: string) => {
  if (!TABLE_ID.test(id)) throw new InvalidInputError('table id must be 1–32 lowercase letters, digits or dashes');
  return id;
};

/** Cosmic Poker over HTTP: lobby, buy-in, cash-out and state; the live table is on the WebSocket. */
@ApiTags('poker')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('poker')
export class PokerController {
  constructor(private readonly poker: PokerService) {}

  @Get('tables')
  @ApiOperation({ summary: 'The tables: seats taken by humans and bots, blinds, buy-in range' })
  tables() {
    return this.poker.list();
  }

  @Get('tables/:id')
  @ApiOperation({ summary: 'One table as you see it (your hole cards only)' })
  table(@Param('id') id: string, @CurrentUser() me: SessionUser) {
    return this.poker.view(me, tableId(id));
  }

  @Get('me')
  @ApiOperation({ summary: 'Where you sit, and the odd chips kept from your last cash-out' })
  me(@CurrentUser() me: SessionUser) {
    return this.poker.me(me);
  }

  @Get('hands')
  @ApiOperation({ summary: 'Your latest hands with their revealed seeds' })
  hands(@Query('limit') limit: string | undefined, @CurrentUser() me: SessionUser) {
    const n = limit === undefined ? 20 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      throw new InvalidInputError('limit must be a whole number from 1 to 100');
    return this.poker.hands(me, n);
  }

  @Post('tables/:id/buy-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Buy chips with HC (100 chips per HC): sit down, or top up between hands' })
  buyIn(
    @Param('id') id: string,
    @SchemaBody('PokerBuyInBody', PokerBuyInBodySchema) body: PokerBuyInRequest,
    @CurrentUser() me: SessionUser,
  ) {
    return this.poker.buyIn(me, tableId(id), body.amount);
  }

  @Post('tables/:id/act')
  @HttpCode(200)
  @ApiOperation({ summary: 'fold, check, call, bet, raise (amount = street total) or allin' })
  act(
    @Param('id') id: string,
    @SchemaBody('PokerActBody', PokerActBodySchema) body: PokerActRequest,
    @CurrentUser() me: SessionUser,
  ) {
    return this.poker.act(me, tableId(id), toAction(body.action, body.amount));
  }

  @Post('tables/:id/sit-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Back from sitting out' })
  sitIn(@Param('id') id: string, @CurrentUser() me: SessionUser) {
    return this.poker.sitIn(me, tableId(id));
  }

  @Post('cash-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave the table (folding a hand in play): floor(chips / 100) HC back, odd chips kept' })
  cashOut(@CurrentUser() me: SessionUser) {
    return this.poker.cashOut(me);
  }
}
