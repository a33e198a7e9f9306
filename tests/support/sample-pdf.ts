/**
 * Small PDF files written by hand for the document tests: pages of text (Helvetica), pages with
 * only a drawing (a scan has no text layer either), one locked with a password, one cut short.
 */

const escaped = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

function pageContent(text: string | null): string {
  if (text === null) return "0.5 g 72 500 200 200 re f";
  const lines = text.split("\n").map((line) => `(${escaped(line)}) Tj T*`);
  return `BT /F1 12 Tf 14 TL 72 720 Td ${lines.join(" ")} ET`;
}

/** A PDF of these pages (null: a page with a drawing and no text); `encrypt` adds a password lock. */
export function samplePdf(pages: readonly (string | null)[], { encrypt = false } = {}): Uint8Array {
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (const [index, text] of pages.entries()) {
    const content = pageContent(text);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  if (encrypt) objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> /P -4 >>`);
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  const lock = encrypt ? ` /Encrypt ${objects.length} 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]` : "";
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${lock} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A PDF header followed by nothing a reader can use. */
export const DAMAGED_PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R");
