import type { AppServices } from "../../electron/services/app-services.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import { chatTurn, stopReplyAfter, taskUntil } from "../integration/budget/budget-session.ts";
import { otherClientSpends } from "./money-scenarios.ts";
import { repriced, restartGateway, type FuzzWorld } from "./money-fuzz-world.ts";

/** The sizes pictures are asked at: the flat price's and a dearer one. */
const SIZES = ["64x64", "96x64"] as const;
/** The models whose prices change mid-session, and by how much: down and up. */
const REPRICED = ["chat-fast", "chat-pro", "image-fast", "image-pro"] as const;
const PRICE_FACTORS = [0.5, 0.8, 1.25, 2] as const;

export type Step = (world: FuzzWorld) => Promise<void>;

const appOf = (world: FuzzWorld, instance: number) => world.apps[instance] as AppServices;

/**
 * A random session on one key: calls of every kind one at a time and in bursts, stopped replies,
 * refunded tasks, readings asked for, another client spending idle or in step with a call, a
 * change of a model's price (its list read again by the app, or left stale), and a balance answer
 * whose counters disagree.
 */
export function stepsOf(random: () => number, instances: number): Step[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const call = (): ((app: AppServices) => Promise<void>) => {
    const kind = pick(["chat", "chat", "search", "image", "async", "flaky", "stop"] as const);
    const words = 5 + Math.floor(random() * 300);
    const maxTokens = 40 + Math.floor(random() * 400);
    const model = pick(["chat-fast", "chat-pro"]);
    const stream = random() < 0.5;
    const n = 1 + Math.floor(random() * 3);
    const size = pick(SIZES);
    return async (app) => {
      const prompt = Array.from({ length: words }, (_, i) => `word${i % 89}`).join(" ");
      if (kind === "chat" || kind === "search")
        await chatTurn(app, { model, maxTokens, stream }, prompt, kind === "search");
      // A reply that ended before Stop reached it is a reply like any other.
      else if (kind === "stop") await stopReplyAfter(app, { model, maxTokens }, 1);
      else await image(app, kind === "image" ? "image-fast" : kind === "async" ? "image-pro" : "image-flaky", n, size);
    };
  };
  const count = 3 + Math.floor(random() * 5);
  return Array.from({ length: count }, (): Step => {
    const instance = Math.floor(random() * instances);
    const roll = random();
    if (roll < 0.36) {
      const one = call();
      return async (world) => one(appOf(world, instance));
    }
    if (roll < 0.54) {
      const burst = [call(), call(), ...(random() < 0.5 ? [call()] : [])];
      return async (world) => {
        await Promise.all(burst.map((one) => one(appOf(world, instance))));
      };
    }
    if (roll < 0.68) {
      const one = call();
      const what = pick(["image", "chat"] as const);
      // Another client spends while the app's call is out: in step with it.
      return async (world) => {
        await Promise.all([one(appOf(world, instance)), otherClientSpends(world.gateway, world.others, what)]);
      };
    }
    if (roll < 0.8) {
      const what = pick(["image", "chat"] as const);
      return async (world) => otherClientSpends(world.gateway, world.others, what);
    }
    if (roll < 0.87) return priceChange(pick(REPRICED), pick(PRICE_FACTORS), random() < 0.5);
    if (roll < 0.92) return garbledReading(instance, 0.5 + random() * 9.5);
    return async (world) => {
      const app = appOf(world, instance);
      await app.budget.snapshot(app.vault.resolveId());
    };
  });
}

/** The gateway charges `factor` times a model's prices from now on; `reread`: every app reads the model list again. */
function priceChange(model: string, factor: number, reread: boolean): Step {
  return async (world) => {
    await restartGateway(world, { ...world.setup, models: repriced(world.setup.models, model, factor) });
    if (!reread) {
      world.staleList ||= world.setup.publishPrices;
      return;
    }
    for (const app of world.apps) await app.capabilities.check(app.vault.resolveId());
  };
}

/** One balance answer says today's use rose by `glitch` while the month's did not; the next is honest. */
function garbledReading(instance: number, glitch: number): Step {
  return async (world) => {
    const app = appOf(world, instance);
    world.proxy.editAnswers((body, path) => {
      if (path !== "/v1/balance") return body;
      const balance = JSON.parse(body) as { api_key: { daily_used: number } };
      balance.api_key.daily_used += glitch;
      return JSON.stringify(balance);
    });
    try {
      await app.budget.snapshot(app.vault.resolveId());
    } finally {
      world.proxy.editAnswers(null);
    }
    await app.budget.snapshot(app.vault.resolveId());
  };
}

/** Waits for the billing day to turn at `at` (a gateway started with dayEndingSoon's offset). */
export const dayTurns =
  (at: number): Step =>
  async () => {
    const left = at - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 50));
  };

async function image(app: AppServices, model: string, n: number, size: string) {
  const task = await app.tasks.generateImage(app.vault.resolveId(), {
    model,
    prompt: "a paper kite",
    n,
    size,
    responseFormat: "url",
    async: model !== "image-fast",
  });
  await taskUntil(app, task.id, (view) => !ACTIVE_TASK_STATUSES.includes(view.status));
}
