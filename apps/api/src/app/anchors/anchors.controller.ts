import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AnchorChainSchema,
  AnchorParamsSchema,
  BetReceiptParamsSchema,
  BetReceiptSchema,
  type AnchorChain,
  type AnchorParams,
  type BetReceipt,
  type BetReceiptParams,
} from '@cosmic/contracts';
import { Answers, SchemaParams } from '../common/schema-decorators';
import { AnchorsService } from './anchors.service';

/** Bet receipts and anchors' transactions: reads open to anyone, like the bet details. */
@ApiTags('bet anchors')
@Controller()
export class AnchorsController {
  constructor(private readonly anchors: AnchorsService) {}

  @Get('bets/:id/receipt')
  @ApiOperation({
    summary:
      "A bet's anchor receipt: its canonical record, leaf, path to the Merkle root written on chain, the previous root and the txid; checkable with SHA-256 alone. Before its anchor is on chain: status pending and when it is expected",
  })
  @Answers(BetReceiptSchema)
  receipt(@SchemaParams(BetReceiptParamsSchema) params: BetReceiptParams): Promise<BetReceipt> {
    return this.anchors.receipt(params.id);
  }

  @Get('anchors/:id/chain')
  @ApiOperation({
    summary:
      "An anchor's transaction as the indexer has it: sender, round and note (the root and previous root); 409 while it is not on chain",
  })
  @Answers(AnchorChainSchema)
  chain(@SchemaParams(AnchorParamsSchema) params: AnchorParams): Promise<AnchorChain> {
    return this.anchors.onChain(params.id);
  }
}
