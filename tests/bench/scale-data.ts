import { join } from "node:path";
import { seededRandom } from "../../electron/local-gateway/media/seeded-random.ts";
import { writeRetention } from "../../electron/services/ledger/ledger-retention.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { startServices } from "../support/services-fixture.ts";
import { seedConversationsYear } from "./scale-conversations.ts";
import { seedGalleryYear, seedTasksYear } from "./scale-gallery.ts";
import { seedLedgerYear, seedReadingsYear } from "./scale-ledger.ts";

/** A year of heavy use (issue 49): the large profile. Today's size is a tenth of each. */
export const LARGE_PROFILE = {
  ledgerRows: 1_000_000,
  readings: 250_000,
  conversations: 2_000,
  messages: 100_000,
  pictures: 10_000,
  videos: 500,
  tasks: 500,
} as const;
export type ProfileCounts = { readonly [Count in keyof typeof LARGE_PROFILE]: number };

/** The same seed at every run: the same rows, ids, texts and files (only the times follow the clock). */
export const SCALE_SEED = 49;

/** The large profile's counts times `fraction`, at least one of each. */
export function countsAt(fraction: number): ProfileCounts {
  const entries = Object.entries(LARGE_PROFILE).map(([name, count]) => [
    name,
    Math.max(1, Math.round(count * fraction)),
  ]);
  return Object.fromEntries(entries) as Record<keyof ProfileCounts, number>;
}

/**
 * Keeps a year of ledger rows, background calls too: the default retention would prune most of the
 * profile after the host's start (`db_bytes_year` applies it on its own).
 */
const RETENTION_DAYS = 366;

/**
 * Writes a data folder as a year of use leaves it, for the web host at `gatewayUrl` with `key`:
 * its profile (the app's services make it), then every table in one transaction through the app's
 * schema, and the gallery's files. Resolves with the profile's id.
 */
export async function writeScaleFolder(
  dataDir: string,
  gatewayUrl: string,
  key: string,
  counts: ProfileCounts,
): Promise<string> {
  const services = await startServices(gatewayUrl, key, dataDir);
  let profileId: string;
  try {
    profileId = services.vault.resolveId();
    writeRetention(services.settings, { days: RETENTION_DAYS, backgroundDays: RETENTION_DAYS });
  } finally {
    await services.close();
  }
  const random = seededRandom(SCALE_SEED);
  const now = Date.now();
  const db = openAppDatabase(join(dataDir, DATA_FILES.database));
  try {
    db.exec("BEGIN");
    const replies = seedConversationsYear(db, { profileId, random, now, ...counts });
    const year = { profileId, otherProfileId: "another-profile", random, now, replies };
    seedLedgerYear(db, { ...year, rows: counts.ledgerRows, readings: counts.readings });
    seedReadingsYear(db, { ...year, rows: counts.ledgerRows, readings: counts.readings });
    const gallery = { dataDir, profileId, random, now, ...counts };
    seedTasksYear(db, gallery);
    await seedGalleryYear(db, gallery);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
  return profileId;
}
