import type { FastifyInstance } from 'fastify';

/**
 * Once the app is closing, every answer ends its connection. A keep-alive connection that was busy when the close
 * began would otherwise stay open after its answer and hold `close()` (and the shutdown) until the client lets go
 * or the keep-alive timeout, 72 s, ends it; connections idle at that moment Fastify closes itself.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
}
