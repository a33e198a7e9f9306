import { visibleControls } from "./visible-controls.ts";

/**
 * A string the app did not write (a model id, a citation's title, a host, a gateway message):
 * isolated from the text around it (`<bdi>`), so its direction cannot spill over, and with its
 * control characters shown.
 */
export function ServerText({ text, className }: { readonly text: string; readonly className?: string }) {
  return <bdi className={className}>{visibleControls(text)}</bdi>;
}
