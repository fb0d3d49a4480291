import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import Fastify from 'fastify';

/**
 * Fastify before 5.12.6 wrapped every request body's callback in AsyncResource#bind(), which
 * gives each wrapper accessor properties of its own: a new hidden class per request, kept in the
 * old generation, pointing at the request's objects. Those then survived every young collection
 * until a full one: 2.2 MB promoted per scavenge and 8 ms pauses on the bet path, the p99's tail
 * (BENCHMARKS.md, "The collector"). package.json overrides Nest's fastify to a version without it.
 */
describe('request bodies (the Fastify the API runs on)', () => {
  it('are parsed without AsyncResource#bind(), in the request’s async context', async () => {
    const bind = jest.spyOn(AsyncResource.prototype, 'bind');
    const context = new AsyncLocalStorage<string>();
    const app = Fastify();
    app.addHook('onRequest', (_req, _reply, done) => context.run('request 1', done));
    app.post('/echo', async (req) => ({ body: req.body, context: context.getStore() }));
    try {
      const res = await app.inject({ method: 'POST', url: '/echo', payload: { betAmount: '1' } });
      expect(res.json()).toEqual({ body: { betAmount: '1' }, context: 'request 1' });
      expect(bind).not.toHaveBeenCalled();
    } finally {
      bind.mockRestore();
      await app.close();
    }
  });
});
