import { SessionRepository } from './session.repository';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountWriteGuard, SessionGuard } from './session.guard';
import { SessionService } from './session.service';

/** Player sessions (cookie → user), available to every module; every write needs a session that may make it. */
@Global()
@Module({
  providers: [SessionService, SessionRepository, SessionGuard, { provide: APP_GUARD, useClass: AccountWriteGuard }],
  exports: [SessionService, SessionGuard],
})
export class AuthModule {}
