import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { paytables } from '@cosmic/game-engine';

@ApiTags('provably fair')
@Controller('fairness')
export class FairnessController {
  /** Every paytable and its exact RTP, straight from game-engine (the code that settles bets). */
  @Get('paytables')
  paytables(): unknown {
    return paytables;
  }
}
