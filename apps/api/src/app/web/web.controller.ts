import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RemotesSchema } from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { Answers } from '../common/schema-decorators';

/** Run-time facts the front ends need and cannot bake in at build time. */
@ApiTags('web')
@Controller()
export class WebController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Where each micro-frontend's remoteEntry lives; lets a remote move origin without a shell rebuild. */
  @Get('remotes.json')
  @Header('Cache-Control', 'no-cache')
  @Answers(RemotesSchema)
  remotes(): AppConfig['remotes'] {
    return this.config.remotes;
  }
}
