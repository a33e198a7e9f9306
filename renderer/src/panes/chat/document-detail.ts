import type { TFunction } from "i18next";
import type { DocumentFormat } from "../../../../shared/ipc/documents.ts";

/** What a document's card says of it, beside its name. */
export interface DocumentSummary {
  readonly format: DocumentFormat;
  readonly pages: number | null;
  readonly pagesRead: number | null;
  readonly chars: number;
  readonly cut: boolean;
}

/** "PDF · 3 pages · 1,234 characters", with what was left out said where something was. */
export function documentDetail(t: TFunction, summary: DocumentSummary): string {
  const chars = summary.chars.toLocaleString();
  const parts = [t(`attachments.document.${summary.format}`)];
  if (summary.pages !== null) {
    parts.push(
      summary.pagesRead !== null && summary.pagesRead < summary.pages
        ? t("attachments.document.pagesOf", { read: summary.pagesRead, count: summary.pages })
        : t("attachments.document.pages", { count: summary.pages }),
    );
  }
  parts.push(summary.cut ? t("attachments.document.cut", { chars }) : t("attachments.document.chars", { chars }));
  return parts.join(" · ");
}

/** A kept document's format, told by the type main gave it. */
export const formatOfMime = (mime: string): DocumentFormat => (mime === "application/pdf" ? "pdf" : "docx");
