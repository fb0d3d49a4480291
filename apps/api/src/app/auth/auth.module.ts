import { Global, Module } from '@nestjs/common';
import { SessionGuard } from './session.guard';
import { SessionService } from './session.service';

/** Player sessions (cookie → user), available to every module. */
@Global()
@Module({ providers: [SessionService, SessionGuard], exports: [SessionService, SessionGuard] })
export class AuthModule {}
