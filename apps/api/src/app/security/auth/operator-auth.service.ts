import { Inject, Injectable } from '@nestjs/common';
import type { SecurityToken } from '@cosmic/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { Sentinel } from '../personas/sentinel';
import { LOCKOUT } from '../../rate-limit/limits';
import { LOCKOUT_STORE, type LockoutStore } from '../../rate-limit/lockout.store';
import { parsePasswordHash, verifyPassword, type PasswordHash } from '../../common/password-hash';
import {
  IncorrectPasswordError,
  LockedOutError,
  SecurityNotConfiguredError,
  SecurityTokenError,
  VaultDeniedError,
} from './security-errors';
import { signToken, tokenKey, verifyToken, type TokenClaims, type TokenScope } from './security-token';

interface Gate {
  variable: string;
  hash?: PasswordHash;
  key?: Buffer;
}

const GLOBAL = 'login:global';

/**
 * The two password gates of the dashboard. Passwords are checked against scrypt hashes in
 * constant time; wrong ones are counted per IP and globally and lead to a temporary lockout;
 * a right one yields a stateless HMAC-signed token (15 min) that any API instance can verify.
 */
@Injectable()
export class OperatorAuthService {
  private readonly gates: Record<TokenScope, Gate>;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'sessionSecret' | 'operatorPasswordHash' | 'vaultPasswordHash'>,
    @Inject(LOCKOUT_STORE) private readonly store: LockoutStore,
    private readonly sentinel: Sentinel,
  ) {
    const gate = (scope: TokenScope, variable: string, stored?: string): Gate => {
      if (!stored) return { variable };
      const parsed = parsePasswordHash(stored);
      // config validated the format at boot; a bad value here is a programmer error
      if (!parsed.ok) throw new Error(`${variable}: ${parsed.message}`);
      return { variable, hash: parsed.value, key: tokenKey(config.sessionSecret, scope, stored) };
    };
    this.gates = {
      operator: gate('operator', 'OPERATOR_PASSWORD_HASH', config.operatorPasswordHash),
      vault: gate('vault', 'VAULT_PASSWORD_HASH', config.vaultPasswordHash),
    };
  }

  /**
   * Exchanges a password for a token of `scope`. `deniedAs` names the vault's persona in the
   * refusal ('Access Denied - Sentinel Only').
   */
  async exchange(scope: TokenScope, password: string, ip: string, deniedAs = 'Vault Keeper'): Promise<SecurityToken> {
    const gate = this.gates[scope];
    if (!gate.hash || !gate.key) throw new SecurityNotConfiguredError(gate.variable);
    const now = Date.now();
    const ipKey = `login:ip:${ip}`;
    // only this address's own lock refuses: a global lock would let an attacker lock the operators out
    const locked = await this.store.lockedUntil(ipKey, now);
    if (locked > now) throw new LockedOutError((locked - now) / 1000);
    // count the attempt before checking it, so parallel guesses cannot all slip under the limit
    const mine = await this.store.hit(ipKey, LOCKOUT.windowMs, now);
    if (mine > LOCKOUT.perIp) throw await this.lockOut(ip, mine, 0, now);
    if (await verifyPassword(password, gate.hash)) {
      await this.store.reset(ipKey);
      this.sentinel.onLoginSucceeded(ip, scope, now);
      const { token, claims } = signToken(gate.key, scope, now);
      return {
        token,
        scope,
        expiresAt: new Date(claims.exp).toISOString(),
        expiresInSeconds: Math.round((claims.exp - now) / 1000),
      };
    }
    this.sentinel.onLoginFailed(ip, scope, now);
    // only failures count globally: many operators unlocking must never raise the alarm
    const everyone = await this.store.hit(GLOBAL, LOCKOUT.windowMs, now);
    if (mine >= LOCKOUT.perIp || everyone >= LOCKOUT.global) await this.lockOut(ip, mine, everyone, now);
    throw scope === 'operator' ? new IncorrectPasswordError() : new VaultDeniedError(deniedAs);
  }

  /** The claims of a valid bearer token of `scope`; throws a 401 otherwise. */
  verify(token: string | undefined, scope: TokenScope): TokenClaims {
    const key = this.gates[scope].key;
    if (!key) throw new SecurityTokenError('missing');
    const r = verifyToken(key, token, scope, Date.now());
    if (!r.ok) throw new SecurityTokenError(r.problem);
    return r.claims;
  }

  /** Hash parameters in use (for the vault's crypto panel); never the hashes themselves. */
  describe(): Record<TokenScope, string | null> {
    const d = (g: Gate) => (g.hash ? `scrypt N=${g.hash.params.N} r=${g.hash.params.r} p=${g.hash.params.p}` : null);
    return { operator: d(this.gates.operator), vault: d(this.gates.vault) };
  }

  private async lockOut(ip: string, mine: number, everyone: number, now: number): Promise<LockedOutError> {
    // the alarm is only a marker for the dashboard: nothing checks it before a password
    if (everyone >= LOCKOUT.global && (await this.store.lockedUntil(GLOBAL, now)) === 0) {
      const until = now + LOCKOUT.durationMs;
      await this.store.lock(GLOBAL, until);
      await this.store.reset(GLOBAL);
      this.sentinel.onLockout('global', everyone, until, now);
    }
    let duration: number = LOCKOUT.durationMs;
    const ipKey = `login:ip:${ip}`;
    if (mine >= LOCKOUT.perIp && (await this.store.lockedUntil(ipKey, now)) === 0) {
      // per-IP backoff: every lockout of this address within a day doubles the next one
      const strikes = await this.store.strike(`login:strikes:${ip}`, LOCKOUT.strikeWindowMs, now);
      duration = Math.min(LOCKOUT.maxDurationMs, LOCKOUT.durationMs * 2 ** Math.max(0, strikes - 1));
      const until = now + duration;
      // the lock carries the penalty: counting starts afresh when it ends
      await this.store.lock(ipKey, until);
      await this.store.reset(ipKey);
      this.sentinel.onLockout(ip, mine, until, now);
    } else if (mine > LOCKOUT.perIp) {
      duration = Math.max(0, (await this.store.lockedUntil(ipKey, now)) - now) || duration;
    }
    return new LockedOutError(duration / 1000);
  }
}
