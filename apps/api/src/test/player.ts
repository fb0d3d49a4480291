import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';

/** A test player: its wallet/guest id and session cookie, with JSON helpers that send it. */
export interface TestPlayer {
  walletAddress: string;
  id: string;
  cookie: string;
  get(url: string): Promise<{ status: number; body: any }>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** A fresh guest id in the spec's format. */
export function guestId(): string {
  return `GUEST_${Date.now()}${randomBytes(6).toString('hex')}`;
}

/** Creates (or fetches) a user through the real endpoint and keeps its session cookie. */
export async function signIn(app: NestFastifyApplication, walletAddress = guestId()): Promise<TestPlayer> {
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0];
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const r = await app.inject({ method, url, payload: payload as object, headers: { cookie, ...headers } });
    return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
  };
  return {
    walletAddress,
    id: res.json().id,
    cookie,
    get: (url) => call('GET', url),
    post: (url, body = {}, headers) => call('POST', url, body, headers),
  };
}
