import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging with the two lines it writes for every request ("incoming request", "request
 * completed") made optional: `server.accessLog.enabled`. Off, a request that succeeds writes nothing, as in
 * Spring Boot, and the service spends its time on the request instead of on the log. Fastify's error lines
 * (a failed response, a stream or serializer error) are written either way.
 */
export class AccessLogController extends LogController {
  constructor(private readonly accessLog: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.accessLog) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.accessLog || error) super.requestCompleted(error, request, reply);
  }
}
