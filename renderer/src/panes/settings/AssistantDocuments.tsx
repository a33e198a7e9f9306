import { useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ASSISTANT_DOCUMENTS_MAX, type AssistantDocument } from "../../../../shared/ipc/assistants.ts";
import { assistantDocumentOf, type DocumentFileProblem } from "./assistant-document-file.ts";

interface AssistantDocumentsProps {
  readonly documents: readonly AssistantDocument[];
  onChange(documents: AssistantDocument[]): void;
  readonly error: string | null;
}

/**
 * The documents an assistant sends with its conversations: each with its pages and length, and
 * Remove; Add document reads a PDF, Word or text file's text the way a message's files are read.
 */
export function AssistantDocuments({ documents, onChange, error }: AssistantDocumentsProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<DocumentFileProblem | null>(null);
  const add = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setProblem(null);
    const read = await assistantDocumentOf(file);
    setReading(false);
    if ("text" in read) onChange([...documents, read]);
    else setProblem(read);
  };
  const problemText = problem && ("said" in problem ? problem.said : t(`assistants.documentProblem.${problem.key}`));
  return (
    <fieldset className="assistant-documents">
      <legend className="field__label">{t("assistants.documents")}</legend>
      <p className="field__hint">{t("assistants.documentsHint")}</p>
      {documents.length === 0 ? (
        <p className="assistant-documents__none">{t("assistants.noDocuments")}</p>
      ) : (
        <ul className="assistant-documents__list">
          {documents.map((document, index) => (
            <li key={`${index}-${document.name}`} className="assistant-documents__item" aria-label={document.name}>
              <span className="assistant-documents__name">{document.name}</span>
              <span className="assistant-documents__meta">
                {[
                  document.pages === null ? null : t("assistants.documentPages", { count: document.pages }),
                  t("assistants.documentCharacters", { count: document.text.length }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`${t("assistants.removeDocument")}: ${document.name}`}
                onClick={() => onChange(documents.filter((_, other) => other !== index))}
              >
                {t("assistants.removeDocument")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button assistant-documents__add"
        disabled={reading || documents.length >= ASSISTANT_DOCUMENTS_MAX}
        onClick={() => picker.current?.click()}
      >
        {reading ? t("assistants.readingDocument") : t("assistants.addDocument")}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void add(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {problemText && (
        <p className="field__error" role="alert">
          {problemText}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
