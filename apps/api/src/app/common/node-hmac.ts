import { createHmac } from 'node:crypto';
import type { HmacSha256 } from '@cosmic/game-engine';

/** Node's native HMAC-SHA256 for the engine's stream: same bytes as the engine's own, faster. */
export const nodeHmac: HmacSha256 = (key, msg) => new Uint8Array(createHmac('sha256', key).update(msg).digest());
