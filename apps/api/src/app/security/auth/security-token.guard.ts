import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorAuthService } from './operator-auth.service';
import type { TokenScope } from './security-token';

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

// decorated so the constructor's parameter types are emitted for the subclasses' injection
@Injectable()
abstract class ScopedTokenGuard implements CanActivate {
  protected abstract readonly scope: TokenScope;

  constructor(private readonly auth: OperatorAuthService) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    this.auth.verify(bearerToken(req.headers.authorization), this.scope);
    return true;
  }
}

/** 401 unless the request carries a valid operator token. */
@Injectable()
export class OperatorTokenGuard extends ScopedTokenGuard {
  protected readonly scope = 'operator' as const;
}

/** 401 unless the request carries a valid vault token. */
@Injectable()
export class VaultTokenGuard extends ScopedTokenGuard {
  protected readonly scope = 'vault' as const;
}
