import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ErrorBody } from "../../shared/gateway-api/errors.ts";
import { apiKeyCheck } from "./api-auth.ts";
import type { GatewayContext } from "./gateway-context.ts";
import { GatewayHttpError } from "./http-error.ts";
import { newRequestId } from "./ids.ts";
import { registerImageRoutes } from "./routes/image-routes.ts";
import { registerPublicRoutes } from "./routes/public-routes.ts";
import { registerTaskRoutes } from "./routes/task-routes.ts";
import { registerTextRoutes } from "./routes/text-routes.ts";
import { registerVideoRoutes } from "./routes/video-routes.ts";

function toGatewayError(error: FastifyError | GatewayHttpError): GatewayHttpError {
  if (error instanceof GatewayHttpError) return error;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return new GatewayHttpError(413, "PAYLOAD_TOO_LARGE", "The request body is too large.");
  }
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return new GatewayHttpError(
      400,
      "INVALID_PARAMS",
      "The request body must be JSON (Content-Type: application/json).",
    );
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new GatewayHttpError(400, "INVALID_PARAMS", `The request body is not valid JSON: ${error.message}`);
  }
  return new GatewayHttpError(500, "INTERNAL_ERROR", "The gateway failed to handle this request.");
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: GatewayHttpError): FastifyReply {
  const body: ErrorBody = { error: { code: error.code, message: error.message, request_id: request.id } };
  return reply.code(error.status).headers(error.headers).send(body);
}

/** Errors met before routing: the request-id hook has not run yet. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header("x-request-id", request.id).header("request-id", request.id);
  const answer =
    error.code === "FST_ERR_BAD_URL"
      ? new GatewayHttpError(400, "INVALID_PARAMS", "The request path has a malformed %-escape.")
      : toGatewayError(error);
  void sendError(request, reply, answer);
}

export async function buildServer(ctx: GatewayContext): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: ctx.config.maxBodyBytes,
    genReqId: () => newRequestId(),
    logger: false,
    frameworkErrors: answerFrameworkError,
    // Closing cuts every connection: a client's connection that has not sent a request yet (clients open
    // spares) and a reply still streaming would otherwise hold the close for a minute or the reply's length.
    forceCloseConnections: true,
    // Tasks and search answers carry long ids; keep URLs tolerant of a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Typed as always set: apiKeyCheck sets it before any /v1 handler, the only readers, runs.
  app.decorateRequest("apiKey", null as never);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("request-id", request.id);
  });
  app.addHook("onRequest", apiKeyCheck(ctx));

  app.setErrorHandler((error: FastifyError | GatewayHttpError, request, reply) =>
    sendError(request, reply, toGatewayError(error)),
  );

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new GatewayHttpError(404, "NOT_FOUND", `No endpoint ${request.method} ${request.url.split("?")[0]}.`),
    ),
  );

  registerTextRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  await registerPublicRoutes(app, ctx);
  return app;
}
