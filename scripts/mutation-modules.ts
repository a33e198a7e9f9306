/**
 * The modules `npm run test:mutation` mutates: where a bug costs money, leaks a key or loses a
 * job. Each names its source files, the tests that speak for it (Stryker runs only these, so a
 * run takes minutes) and the share of mutants its tests must kill. A module is named after its
 * first file, the one the others serve.
 */
export interface MutationModule {
  readonly name: string;
  readonly files: readonly string[];
  readonly tests: readonly string[];
  readonly threshold: number;
  /** Worker threads start faster; tests that change process-wide state (the umask) need forked processes. */
  readonly pool?: "forks";
}

const TASKS = "electron/services/tasks/";
const BUDGET = "electron/services/budget/";
const LEDGER = "electron/services/ledger/";
const VAULT = "electron/services/vault/";
const CHAT = "electron/services/chat/";
const CLIENT = "electron/services/gateway-client/";

export const MUTATION_MODULES: readonly MutationModule[] = [
  {
    name: "task_submitter",
    files: [`${TASKS}task-submitter.ts`, `${TASKS}video-slots.ts`],
    tests: [
      "tests/unit/tasks/task-submitter.test.ts",
      "tests/faults/submission-answers.test.ts",
      "tests/faults/restart-mid-download.test.ts",
    ],
    threshold: 90,
  },
  {
    name: "task_poller",
    files: [
      `${TASKS}task-poller.ts`,
      `${TASKS}watched-tasks.ts`,
      `${TASKS}reading-outcome.ts`,
      `${TASKS}poll-policy.ts`,
      `${TASKS}poll-pacer.ts`,
    ],
    tests: [
      "tests/unit/tasks/task-*.test.ts",
      "tests/unit/scheduler/poll-policy.test.ts",
      "tests/unit/tasks/watched-tasks.test.ts",
      "tests/unit/tasks/clock-jumps.test.ts",
      "tests/unit/tasks/poll-pacer.test.ts",
    ],
    threshold: 90,
  },
  {
    name: "task_failures",
    files: [`${TASKS}task-failures.ts`],
    tests: [
      "tests/unit/tasks/task-failures.test.ts",
      "tests/unit/tasks/task-submitter.test.ts",
      "tests/faults/task-lookups.test.ts",
    ],
    threshold: 80,
  },
  {
    name: "key_file_cipher",
    files: [`${VAULT}key-file-cipher.ts`, `${VAULT}key-binding.ts`],
    pool: "forks",
    tests: [
      "tests/unit/services/profile-vault.test.ts",
      "tests/unit/services/key-*.test.ts",
      "tests/security/keys-*.test.ts",
    ],
    threshold: 90,
  },
  {
    name: "sender_policy",
    files: ["electron/ipc/sender-policy.ts"],
    tests: ["tests/unit/ipc/sender-policy.test.ts"],
    threshold: 90,
  },
  {
    name: "result_download",
    files: [`${TASKS}result-download.ts`, `${TASKS}result-fetch.ts`, `${TASKS}private-addresses.ts`],
    // The fault bench's result-file tests start the whole app for each mutant; the unit tests prove the same rules.
    tests: [
      "tests/unit/tasks/result-download.test.ts",
      "tests/security/downloads-guard.test.ts",
      "tests/security/result-private-addresses.test.ts",
    ],
    threshold: 90,
  },
  {
    name: "request_log",
    files: [`${LEDGER}request-log.ts`],
    tests: ["tests/unit/ledger/request-log.test.ts"],
    threshold: 90,
  },
  {
    name: "balance_movements",
    files: [`${BUDGET}balance-movements.ts`, `${BUDGET}movement-split.ts`],
    tests: [
      "tests/unit/budget/balance-movements*.test.ts",
      "tests/unit/budget/movement-split.test.ts",
      "tests/unit/budget/reading-agreement.test.ts",
    ],
    threshold: 90,
  },
  {
    name: "request_scheduler",
    files: ["electron/services/scheduler/request-scheduler.ts", "electron/services/scheduler/scheduled-fetch.ts"],
    tests: ["tests/unit/scheduler/**/*.test.ts"],
    threshold: 80,
  },
  {
    name: "cost_attributor",
    files: [
      `${BUDGET}cost-attributor.ts`,
      `${BUDGET}balance-readings.ts`,
      `${BUDGET}price-observations.ts`,
      `${BUDGET}price-book.ts`,
      `${BUDGET}price-fitting.ts`,
      `${BUDGET}price-lookup.ts`,
      `${BUDGET}call-pricing.ts`,
      `${BUDGET}waiting-calls.ts`,
      `${BUDGET}confirmed-sizes.ts`,
      `${BUDGET}unconfirmed-size.ts`,
    ],
    // The budget's integration tests run this code too, against the local gateway: too slow to run for each mutant.
    tests: [
      "tests/unit/budget/cost-attributor*.test.ts",
      "tests/unit/budget/price-*.test.ts",
      "tests/unit/budget/call-pricing.test.ts",
      "tests/unit/budget/unconfirmed-size.test.ts",
    ],
    threshold: 80,
  },
  {
    name: "ledger_costs",
    files: [`${LEDGER}ledger-costs.ts`, `${LEDGER}call-terms.ts`],
    tests: ["tests/unit/ledger/*.test.ts", "tests/integration/chat/conversation-costs.test.ts"],
    threshold: 80,
  },
  {
    name: "profile_vault",
    files: [`${VAULT}profile-vault.ts`],
    pool: "forks",
    tests: [
      "tests/unit/services/profile-vault*.test.ts",
      "tests/security/keys-*.test.ts",
      "tests/integration/services/built-in-profile.test.ts",
    ],
    threshold: 80,
  },
  {
    name: "reply_producer",
    files: [
      `${CHAT}reply-producer.ts`,
      `${CLIENT}sse-events.ts`,
      `${CLIENT}guarded-reads.ts`,
      `${CHAT}stream-normaliser.ts`,
      `${CHAT}chat-service.ts`,
      `${CHAT}delta-coalescer.ts`,
      "electron/services/streams/stream-hub.ts",
    ],
    tests: [
      "tests/unit/chat/**/*.test.ts",
      "tests/unit/gateway-client/sse-events.test.ts",
      "tests/unit/gateway-client/guarded-reads.test.ts",
      "tests/unit/gateway-client/event-line-meter.test.ts",
      "tests/unit/services/stream-hub.test.ts",
      "tests/integration/chat/chat-service.test.ts",
      "tests/integration/chat/conversation-profile-deleted.test.ts",
      "tests/integration/chat/no-resend-after-partial-reply.test.ts",
    ],
    threshold: 80,
  },
  {
    name: "rate_limit_retry",
    files: [`${CLIENT}rate-limit-retry.ts`],
    tests: [
      "tests/unit/scheduler/rate-limit-retry.test.ts",
      "tests/unit/scheduler/hostile-limits.test.ts",
      "tests/faults/rate-limit-headers.test.ts",
    ],
    threshold: 80,
  },
];
