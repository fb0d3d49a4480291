import 'reflect-metadata';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { Type } from '@sinclair/typebox';
import {
  BetDetailsParamsSchema,
  PokerBuyInBodySchema,
  WithdrawBodySchema,
  type BetDetailsParams,
  type PokerBuyInRequest,
  type WithdrawRequest,
} from '@cosmic/contracts';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { documentSchemas, SchemaBody, SchemaParams, schemaRef } from './schema-decorators';

@Controller('probe')
class ProbeController {
  @Post('withdraw')
  @HttpCode(200)
  withdraw(@SchemaBody('WithdrawBody', WithdrawBodySchema) body: WithdrawRequest) {
    return body;
  }

  @Post('buy-in')
  @HttpCode(200)
  buyIn(@SchemaBody('PokerBuyInBody', PokerBuyInBodySchema) body: PokerBuyInRequest) {
    return body;
  }

  @Get('bets/:id')
  bet(@SchemaParams(BetDetailsParamsSchema) params: BetDetailsParams) {
    return params;
  }
}

const ADDR = 'A'.repeat(58);
const UUID = '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b';

describe('SchemaBody and SchemaParams: one schema checks the route and documents it', () => {
  let app: NestFastifyApplication;
  let doc: OpenAPIObject;

  beforeAll(async () => {
    const module = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
    app = module.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    doc = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    documentSchemas(doc);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });

  it('answers a good body unchanged', async () => {
    const body = { walletAddress: 'GUEST_1', amount: '0.5', toAddress: ADDR, challengeId: UUID, signedTxnB64: 'c2ln' };
    const res = await post('/probe/withdraw', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  // the texts the class-validator DTOs answered, each field's first problem in the body's order
  it.each<[string, string, unknown, string]>([
    [
      'withdraw',
      'an unknown field',
      { walletAddress: 'w', amount: '1', admin: true },
      'property admin should not exist',
    ],
    [
      'withdraw',
      'a constructor field (refused, as the games refuse it)',
      { walletAddress: 'w', amount: '1', constructor: 1 },
      'property constructor should not exist',
    ],
    ['withdraw', 'a number wallet', { walletAddress: 7, amount: '1' }, 'walletAddress must be a string'],
    ['withdraw', 'a long wallet', { walletAddress: 'w'.repeat(81), amount: '1' }, 'walletAddress is too long'],
    [
      'withdraw',
      'a short address',
      { walletAddress: 'w', amount: '1', toAddress: 'A'.repeat(57) },
      'toAddress must be a 58-character Algorand address',
    ],
    [
      'withdraw',
      'an address far too long (the pattern speaks first)',
      { walletAddress: 'w', amount: '1', toAddress: 'A'.repeat(90) },
      'toAddress must be a 58-character Algorand address',
    ],
    ['withdraw', 'a number address', { walletAddress: 'w', toAddress: 58 }, 'toAddress must be a string'],
    [
      'withdraw',
      'a version 1 challenge id',
      { walletAddress: 'w', amount: '1', challengeId: '3f2b8c1e-9d4a-1b6e-8f1a-2c3d4e5f6a7b' },
      'challengeId must be the id returned by /withdraw/challenge',
    ],
    [
      'withdraw',
      'several problems',
      { walletAddress: null, extra: 1, toAddress: 5, challengeId: 5, signedTxnB64: 5, signatureB64: 'x'.repeat(201) },
      'property extra should not exist; toAddress must be a string; challengeId must be the id returned by /withdraw/challenge; signedTxnB64 must be a base64 string; signatureB64 is too long; walletAddress must be a string',
    ],
    ['withdraw', 'no body', null, 'walletAddress must be a string'],
    ['buy-in', 'a fraction', { amount: 1.5 }, 'amount must be a whole number of HC'],
    ['buy-in', 'a string', { amount: '10' }, 'amount must be a whole number of HC'],
    ['buy-in', 'zero', { amount: 0 }, 'amount must be at least 1 HC'],
    ['buy-in', 'too much', { amount: 1_000_001 }, 'amount is too large'],
    ['buy-in', 'an array', [10], 'property 0 should not exist; amount must be a whole number of HC'],
  ])('POST %s refuses %s with its 400', async (route, _, payload, message) => {
    const res = await post(`/probe/${route}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('checks path parameters the same way', async () => {
    expect((await app.inject({ method: 'GET', url: '/probe/bets/42' })).json()).toEqual({ id: '42' });
    const res = await app.inject({ method: 'GET', url: '/probe/bets/042' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'id must be a bet id: a whole number above 0',
    });
  });

  it('documents the body as the schema’s component, without the validator’s message keys', () => {
    const op = doc.paths['/probe/buy-in'].post!;
    expect(op.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PokerBuyInBody' } } },
    });
    expect(doc.components!.schemas!['PokerBuyInBody']).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['amount'],
      properties: {
        amount: {
          type: 'integer',
          minimum: 1,
          maximum: 1_000_000,
          example: 10,
          description: 'whole HC; the table says its minimum and maximum',
        },
      },
    });
  });

  it('documents each path parameter from its field', () => {
    expect(doc.paths['/probe/bets/{id}'].get!.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'the bet id (a live feed row’s or a history row’s)',
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' },
      },
    ]);
  });

  it('refuses a second schema under a component name already taken', () => {
    expect(schemaRef('PokerBuyInBody', PokerBuyInBodySchema)).toEqual({ $ref: '#/components/schemas/PokerBuyInBody' });
    expect(() => schemaRef('PokerBuyInBody', Type.Object({}))).toThrow('Two request schemas are named PokerBuyInBody');
  });
});
