import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { DataUpkeepState } from "../../../shared/ipc/data-upkeep.ts";
import { unwrap } from "./api-error.ts";
import { api } from "./desktop-api.ts";
import { openRecoveryPage } from "./host-secret.ts";

/** Main's events keep it current (use-main-events.ts). */
export const dataUpkeepKey = ["data-upkeep"] as const;

/** How long the upkeep runs before the status bar says so: on a small database it is over in some 100 ms. */
const SAY_AFTER_MS = 1000;

/**
 * What the app does with its data after the start, for the status bar: its step once it has run for
 * a second. Damage that check found stops the app: in the web host the page then opens the
 * recovery page the host serves instead.
 */
export function useDataUpkeep(): DataUpkeepState {
  const { data } = useQuery({ queryKey: dataUpkeepKey, queryFn: () => unwrap(api.app.dataUpkeep()) });
  const work = data?.work ?? null;
  const damaged = data?.damaged ?? false;
  const [long, setLong] = useState(false);
  const running = work !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setLong(true), SAY_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [running]);
  useEffect(() => {
    if (damaged) openRecoveryPage();
  }, [damaged]);
  return { work: long ? work : null, damaged };
}
