import { afterAll, beforeAll } from "vitest";
import type { AppServices } from "../../electron/services/app-services.ts";
import { createMainCore, type MainCore } from "../../electron/ipc/main-core.ts";
import { startServices } from "./services-fixture.ts";
import { KEYS, startTestGateway, type TestGateway } from "./local-gateway.ts";

export interface MainAgainstGateway {
  readonly gateway: TestGateway;
  readonly services: AppServices;
  readonly core: MainCore;
}

/**
 * For a test file: the local gateway, the app's services on its main key and the IPC core in front
 * of them, started before the file's tests and closed after them. Read the fields inside tests.
 */
export function mainAgainstGateway(): MainAgainstGateway {
  let started: MainAgainstGateway | null = null;
  beforeAll(async () => {
    const gateway = await startTestGateway();
    const services = await startServices(gateway.url, KEYS.main.key);
    started = { gateway, services, core: createMainCore(services) };
  });
  afterAll(async () => {
    await started?.services.close();
    await started?.gateway.close();
  });
  const running = () => {
    if (!started) throw new Error("read the main core inside a test, after it has started");
    return started;
  };
  return {
    get gateway() {
      return running().gateway;
    },
    get services() {
      return running().services;
    },
    get core() {
      return running().core;
    },
  };
}
