import { once } from "node:events";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { seededRandom } from "../../electron/local-gateway/media/seeded-random.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { launchChromium } from "../support/chromium.ts";
import { tempDir } from "../support/local-gateway.ts";
import { startServices } from "../support/services-fixture.ts";
import { benchRenderer } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { BUDGET_ACCOUNTS, BUDGET_KEY } from "./budget-bench.ts";
import { reportBaselines, reportScaled } from "./measure.ts";
import { countsAt, SCALE_SEED, type ProfileCounts } from "./scale-data.ts";
import { GALLERY_FIGURES, galleryPaneFigures, type GalleryPaneFigures } from "./scale-gallery-pane.ts";
import { seedGalleryYear, seedTasksYear } from "./scale-gallery.ts";
import { startWebHost } from "./web-host-process.ts";

/**
 * The gallery's figures of a folder holding only what the Images pane shows of a year of use: its
 * pictures, clips and tasks, written as `writeScaleFolder` writes them (same seed), without the
 * ledger and conversations, which take most of the scale run's time and play no part in the pane.
 */
async function measureGallery(browser: Browser, gatewayUrl: string, counts: ProfileCounts) {
  const dataDir = tempDir("bench-scale-gallery-");
  try {
    const services = await startServices(gatewayUrl, BUDGET_KEY, dataDir);
    const profileId = services.vault.resolveId();
    await services.close();
    const db = openAppDatabase(join(dataDir, DATA_FILES.database));
    try {
      const year = { dataDir, profileId, random: seededRandom(SCALE_SEED), now: Date.now(), ...counts };
      db.exec("BEGIN");
      seedTasksYear(db, year);
      await seedGalleryYear(db, year);
      db.exec("COMMIT");
    } finally {
      db.close();
    }
    const { host, url } = await startWebHost(dataDir, gatewayUrl, BUDGET_KEY, await benchRenderer());
    try {
      return await galleryPaneFigures(browser, url, dataDir, counts.pictures);
    } finally {
      const exited = once(host, "exit");
      host.kill("SIGTERM");
      await exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * `npm run bench -- scale_gallery`: the scale run's gallery figures alone (`scale-bench.ts`, the same
 * names): 1,000 pictures against 10,000, in about a quarter of its time.
 */
export async function scaleGalleryBench(): Promise<void> {
  const gateway = await start({ port: 0, dataDir: tempDir("bench-scale-gallery-gw-"), config: BUDGET_ACCOUNTS });
  const browser = await launchChromium();
  try {
    const today: GalleryPaneFigures = await measureGallery(browser, gateway.url, countsAt(sized(0.1, 0.001)));
    reportBaselines(GALLERY_FIGURES, today);
    reportScaled(GALLERY_FIGURES, today, await measureGallery(browser, gateway.url, countsAt(sized(1, 0.01))));
  } finally {
    await browser.close();
    await gateway.close();
  }
}
