import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { ErrorBody } from "../../shared/gateway-api/errors.ts";
import type { GatewayContext } from "./gateway-context.ts";
import { GatewayHttpError } from "./http-error.ts";
import { newRequestId } from "./ids.ts";
import { registerImageRoutes } from "./routes/image-routes.ts";
import { registerPublicRoutes } from "./routes/public-routes.ts";
import { registerTaskRoutes } from "./routes/task-routes.ts";
import { registerTextRoutes } from "./routes/text-routes.ts";
import { registerVideoRoutes } from "./routes/video-routes.ts";

/** Reads the key from `x-api-key` or `Authorization: Bearer`. */
function presentedKey(headers: Record<string, string | string[] | undefined>): string | null {
  const apiKey = headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey.trim() !== "") return apiKey.trim();
  const authorization = headers.authorization;
  const match = typeof authorization === "string" ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
  return match ? match[1]!.trim() : null;
}

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

export async function buildServer(ctx: GatewayContext): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: ctx.config.maxBodyBytes,
    genReqId: () => newRequestId(),
    logger: false,
    // Tasks and search answers carry long ids; keep URLs tolerant of a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorateRequest("apiKey", null as never);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("request-id", request.id);
    if (!request.url.startsWith("/v1/")) return;
    const presented = presentedKey(request.headers);
    const key = presented ? ctx.accounts.findByKey(presented) : null;
    if (!key) {
      throw new GatewayHttpError(
        401,
        "UNAUTHORIZED",
        presented ? "The API key is invalid or has expired." : "No API key was provided.",
      );
    }
    request.apiKey = key;
    const limit = ctx.rateLimiter.admitRequest(key, ctx.now());
    reply.header("x-ratelimit-limit", String(limit.limit));
    reply.header("x-ratelimit-remaining", String(limit.remaining));
    reply.header("x-ratelimit-reset-requests", `${(limit.resetMs / 1000).toFixed(3)}s`);
  });

  app.setErrorHandler((error: FastifyError | GatewayHttpError, request, reply) => {
    const gatewayError = toGatewayError(error);
    const body: ErrorBody = {
      error: { code: gatewayError.code, message: gatewayError.message, request_id: request.id },
    };
    return reply.code(gatewayError.status).headers(gatewayError.headers).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: {
        code: "NOT_FOUND",
        message: `No endpoint ${request.method} ${request.url.split("?")[0]}.`,
        request_id: request.id,
      },
    };
    return reply.code(404).send(body);
  });

  registerTextRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  await registerPublicRoutes(app, ctx);
  return app;
}
