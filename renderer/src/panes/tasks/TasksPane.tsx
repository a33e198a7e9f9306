import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LocalTaskStatusSchema, type LocalTaskStatus } from "../../../../shared/ipc/tasks.ts";
import type { IpcError, Result } from "../../../../shared/ipc/result.ts";
import { api } from "../../api/desktop-api.ts";
import { useTasks } from "../../api/task-queries.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import "./tasks.css";
import { TaskRows } from "./TaskRows.tsx";

/** Every task of the active profile, with what can be done about each. */
export function TasksPane() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: tasks = [] } = useTasks();
  const [filter, setFilter] = useState<LocalTaskStatus | "all">("all");
  const [error, setError] = useState<IpcError | null>(null);
  const shown = filter === "all" ? tasks : tasks.filter((task) => task.status === filter);
  const present = new Set(tasks.map((task) => task.status));

  const act = async (call: Promise<Result<unknown>>) => {
    const result = await call;
    setError(result.ok ? null : result.error);
    await queryClient.invalidateQueries({ queryKey: ["tasks"] });
  };

  return (
    <section className="pane pane--wide tasks-pane" aria-labelledby="tasks-title">
      <header className="pane__header">
        <h1 id="tasks-title" className="pane__title">
          {t("nav.tasks")}
        </h1>
        <button type="button" className="button" onClick={() => void act(api.tasks.clearFinished())}>
          {t("tasks.clearFinished")}
        </button>
      </header>
      <div className="filter-chips" role="group" aria-label={t("tasks.filter")}>
        {(["all", ...LocalTaskStatusSchema.options.filter((status) => present.has(status))] as const).map((status) => (
          <button
            key={status}
            type="button"
            className="chip chip--button"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
          >
            {status === "all" ? t("tasks.all") : t(`tasks.status.${status}`)}
          </button>
        ))}
      </div>
      {error && <ErrorNotice error={error} />}
      {shown.length === 0 ? (
        <p className="empty-state">{t("tasks.empty")}</p>
      ) : (
        <TaskRows tasks={shown} onAction={(call) => void act(call)} />
      )}
    </section>
  );
}
