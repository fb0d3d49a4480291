import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PaytablesSchema } from '@cosmic/contracts';
import { paytables, type Paytables } from '@cosmic/game-engine';
import { Answers } from '../common/schema-decorators';

@ApiTags('provably fair')
@Controller('fairness')
export class FairnessController {
  /** Every paytable and its exact RTP, straight from game-engine (the code that settles bets). */
  @Get('paytables')
  @Answers(PaytablesSchema)
  paytables(): Paytables {
    return paytables;
  }
}
