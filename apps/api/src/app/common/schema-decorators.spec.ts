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
import { Answers, documentSchemas, SchemaBody, SchemaParams, SchemaQuery, schemaRef } from './schema-decorators';

const PageQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 200,
      description: 'how many rows',
      errorMessage: 'limit must be an integer from 1 to 200',
      minimumMessage: 'limit must be an integer from 1 to 200',
      maximumMessage: 'limit must be an integer from 1 to 200',
    }),
  ),
  tab: Type.Union([Type.Literal('all'), Type.Literal('mine')], { errorMessage: 'tab must be one of all, mine' }),
});

const RowSchema = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  note: Type.Union([Type.String(), Type.Null()]),
  extra: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
/** What the probe's services return: one field more than the answer schema names. */
const row = { id: '7', amount: 1.5, note: null, secret: 'never sent' };

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

  @Get('page')
  page(@SchemaQuery(PageQuerySchema) query: { limit?: number; tab: 'all' | 'mine' }) {
    return { ...query, limitType: typeof query.limit };
  }

  @Get('row')
  @Answers(RowSchema)
  row() {
    return { ...row, extra: { a: 1 } };
  }

  @Get('rows')
  @Answers(Type.Array(RowSchema))
  rows() {
    return [row, { ...row, id: '8', note: 'n' }];
  }

  @Post('rows')
  @Answers(RowSchema)
  create() {
    return row;
  }

  @Post('rows/update')
  @HttpCode(200)
  @Answers(RowSchema)
  update() {
    return row;
  }

  @Get('broken')
  @Answers(RowSchema)
  broken() {
    return { amount: 1, note: null };
  }
}

const ADDR = 'A'.repeat(58);
const UUID = '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b';

describe('SchemaBody, SchemaParams, SchemaQuery and Answers: one schema checks (or writes) the route and documents it', () => {
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

  it('checks the query string: a plain decimal is a number, other parameters are ignored', async () => {
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get('/probe/page?tab=all&limit=20&_=17')).json()).toEqual({
      tab: 'all',
      limit: 20,
      limitType: 'number',
    });
    expect((await get('/probe/page?tab=mine')).json()).toEqual({ tab: 'mine', limitType: 'undefined' });
  });

  // Number() read all of these; the query schema takes plain decimals only, and names the field
  it.each([
    ['tab=all&limit=0', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=201', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=-1', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=1.5', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=1e2', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=0x10', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=%207%20', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=', 'limit must be an integer from 1 to 200'],
    ['tab=all&limit=1&limit=2', 'limit must be an integer from 1 to 200'],
    ['tab=whales', 'tab must be one of all, mine'],
    ['limit=abc', 'limit must be an integer from 1 to 200; tab must be one of all, mine'],
  ])('refuses ?%s with its 400', async (qs, message) => {
    const res = await app.inject({ method: 'GET', url: `/probe/page?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('documents each query field as a query parameter, required unless optional', () => {
    expect(doc.paths['/probe/page'].get!.parameters).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'how many rows',
        schema: { type: 'integer', minimum: 1, maximum: 200 },
      },
      { name: 'tab', in: 'query', required: true, schema: { type: 'string', enum: ['all', 'mine'] } },
    ]);
  });

  it('writes the answer from its schema: fields outside it are not sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/probe/row' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: '7', amount: 1.5, note: null, extra: { a: 1 } });
  });

  it('writes an array answer from its array schema', async () => {
    expect((await app.inject({ method: 'GET', url: '/probe/rows' })).json()).toEqual([
      { id: '7', amount: 1.5, note: null },
      { id: '8', amount: 1.5, note: 'n' },
    ]);
  });

  it('writes the answer of a POST whatever its status: 201 by default, 200 with @HttpCode', async () => {
    const created = await app.inject({ method: 'POST', url: '/probe/rows' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: '7', amount: 1.5, note: null });
    const updated = await app.inject({ method: 'POST', url: '/probe/rows/update' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: '7', amount: 1.5, note: null });
  });

  it('answers 500 when a required field of the answer is missing (never a silent default)', async () => {
    expect((await app.inject({ method: 'GET', url: '/probe/broken' })).statusCode).toBe(500);
  });

  it('documents the answer under the status the route answers, as plain OpenAPI 3.0', () => {
    const row = {
      type: 'object',
      required: ['id', 'amount', 'note'],
      properties: {
        id: { type: 'string' },
        amount: { type: 'number' },
        note: { type: 'string', nullable: true },
        extra: { type: 'object', additionalProperties: { type: 'number' } },
      },
    };
    const content = (schema: unknown) => ({ description: '', content: { 'application/json': { schema } } });
    expect(doc.paths['/probe/row'].get!.responses).toEqual({ '200': content(row) });
    expect(doc.paths['/probe/rows'].get!.responses).toEqual({ '200': content({ type: 'array', items: row }) });
    expect(doc.paths['/probe/rows'].post!.responses).toEqual({ '201': content(row) });
    expect(doc.paths['/probe/rows/update'].post!.responses).toEqual({ '200': content(row) });
    // the carrier of the schema is gone from the document
    expect(JSON.stringify(doc)).not.toContain('x-answer-schema');
  });

  it('refuses a second schema under a component name already taken', () => {
    expect(schemaRef('PokerBuyInBody', PokerBuyInBodySchema)).toEqual({ $ref: '#/components/schemas/PokerBuyInBody' });
    expect(() => schemaRef('PokerBuyInBody', Type.Object({}))).toThrow('Two request schemas are named PokerBuyInBody');
  });
});
