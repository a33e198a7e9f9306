import type { dataUpkeepEn } from "./en-data-upkeep.ts";

/** 启动后应用对数据所做的工作，在状态栏中说明。 */
export const dataUpkeepZh: typeof dataUpkeepEn = {
  dataUpkeep: {
    checking: "正在检查数据库是否损坏…",
    backingUp: "正在备份数据…",
    indexing: "正在建立数据库的新索引：保存可能会短暂停顿…",
    indexingSearch: "正在为搜索索引较早的消息：在此期间搜索可能较慢…",
    tidyingLedger: "正在整理请求记录并按日汇总花费…",
    damaged: "数据库已损坏：正在打开恢复页面…",
  },
};
