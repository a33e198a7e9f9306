import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import type { GatewayContext } from "../gateway-context.ts";
import { GatewayHttpError } from "../http-error.ts";
import type { HelpPage } from "../search/help-pages.ts";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}
@media (prefers-color-scheme:dark){body{background:#161618;color:#ddd}a{color:#8ab4f8}}</style></head><body>${body}</body></html>`;
}

function helpPageHtml(page: HelpPage): string {
  const paragraphs = page.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n");
  return htmlPage(
    page.title,
    `<h1>${escapeHtml(page.title)}</h1>\n${paragraphs}\n<p><a href="/help">All help pages</a></p>`,
  );
}

/** Routes without authentication: generated files (by unguessable name, until they expire) and the help pages. */
export async function registerPublicRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  await app.register(fastifyStatic, { root: ctx.media.directory, serve: false });

  app.get<{ Params: { name: string } }>("/files/:name", async (request, reply) => {
    const { name } = request.params;
    if (!/^[a-f0-9]+\.(png|mp4)$/.test(name) || !ctx.media.isServable(name, ctx.now())) {
      throw new GatewayHttpError(404, "NOT_FOUND", "This file does not exist or has expired.");
    }
    return reply.header("cache-control", "private, max-age=3600").sendFile(name);
  });

  app.get("/help", async (_request, reply) => {
    const items = ctx.search.allPages
      .map((page) => `<li><a href="/help/${page.slug}">${escapeHtml(page.title)}</a></li>`)
      .join("\n");
    return reply
      .type("text/html; charset=utf-8")
      .send(htmlPage("ModelDesk help", `<h1>ModelDesk help</h1><ul>${items}</ul>`));
  });

  app.get<{ Params: { slug: string } }>("/help/:slug", async (request, reply) => {
    const page = ctx.search.page(request.params.slug);
    if (!page) throw new GatewayHttpError(404, "NOT_FOUND", "No help page has this address.");
    return reply.type("text/html; charset=utf-8").send(helpPageHtml(page));
  });
}
