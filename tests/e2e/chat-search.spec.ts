import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { DEFAULT_CHAT_SETTINGS } from "../../shared/ipc/chat.ts";
import { ConversationStore } from "../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { expect, test, type LaunchOptions, type RunningApp } from "./support/app-fixture.ts";

/**
 * Forty turns about a harbour, one of them about its lighthouse keeper; then a newer conversation,
 * opened first, whose reply was regenerated: the earlier version, not shown, is about a lantern.
 */
function seedConversations(db: DatabaseSync) {
  const store = new ConversationStore(db);
  const harbour = store.create(DEFAULT_CHAT_SETTINGS, "Harbour notes");
  for (let turn = 0; turn < 40; turn++) {
    const about = turn === 12 ? "the lighthouse keeper's ledger (灯塔看守人的账本)" : `mooring ${turn}`;
    store.appendMessage({
      conversationId: harbour.id,
      role: "user",
      content: `Tell me about ${about}`,
      status: "complete",
    });
    store.appendMessage({
      conversationId: harbour.id,
      role: "assistant",
      content: `Here is what is known about ${about}.\n\n${"A paragraph of harbour history. ".repeat(12)}`,
      status: "complete",
    });
  }
  const other = store.create(DEFAULT_CHAT_SETTINGS, "Other things");
  const question = store.appendMessage({
    conversationId: other.id,
    role: "user",
    content: "Something else",
    status: "complete",
  });
  for (const content of ["An answer about the old lantern", "A newer answer"]) {
    store.appendMessage({
      conversationId: other.id,
      role: "assistant",
      content,
      status: "complete",
      parentId: question.id,
    });
  }
}

/**
 * Seeds with the host closed: a second connection writing beside the running host can meet a lock it is not
 * allowed to wait for. The first start migrates the database; the second opens on what was seeded.
 */
async function launchSeeded(
  launchApp: (options?: LaunchOptions) => Promise<RunningApp>,
  seed: (db: DatabaseSync) => void,
) {
  const first = await launchApp();
  await expect(first.page.getByRole("textbox", { name: "Message" })).toBeEnabled();
  await first.close();
  const db = openAppDatabase(join(first.dataDir, DATA_FILES.database));
  try {
    seed(db);
  } finally {
    db.close();
  }
  return launchApp({ dataDir: first.dataDir });
}

test("Ctrl+K searches the messages' text, marks the match, and opens the conversation on the message found", async ({
  launchApp,
}) => {
  const { page } = await launchSeeded(launchApp, seedConversations);
  const list = page.getByRole("complementary", { name: "Conversations" });
  await expect(page.getByRole("region", { name: "Other things" })).toBeVisible();

  await page.keyboard.press("Control+K");
  const search = page.getByRole("searchbox", { name: "Search conversations" });
  await expect(search).toBeFocused();
  await search.fill("LIGHTHOUSE keeper");
  const result = list.getByRole("button", { name: /^Harbour notes/ });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  // The newest message holding the words: the reply that repeats the question.
  await expect(result.locator("mark")).toHaveText(["lighthouse keeper"]);
  await expect(list.getByRole("status")).toHaveText("1 conversation found");

  await page.screenshot({ path: join(PROJECT_ROOT, "tests", "artifacts", "chat", "search-results-1200x800.png") });
  await result.click();
  const found = page.getByTestId("found-message");
  await expect(found).toContainText("Here is what is known about the lighthouse keeper's ledger");
  await expect(found).toBeInViewport();
  await expect(found).toBeFocused();
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", "chat", "search-found-message-1200x800.png"),
  });

  // Chinese is found by its characters, two at a time too; what is typed is text, never search syntax.
  await search.fill("看守人");
  await expect(list.getByTestId("conversation-list-snippet").locator("mark")).toHaveText(["看守人"]);
  await search.fill("灯塔");
  await expect(list.getByTestId("conversation-list-snippet").locator("mark")).toHaveText(["灯塔"]);
  await search.fill('"lighthouse* OR -keeper');
  await expect(list.getByText("No conversation matches this search.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // A message on a version the conversation does not show: that version is shown.
  await search.fill("old lantern");
  await list.getByRole("button", { name: /^Other things/ }).click();
  await expect(found).toContainText("An answer about the old lantern");
  await expect(found.getByTestId("version")).toHaveText("1 / 2");
  await expect(found).toBeFocused();
});

test("each conversation of the list and of a search is drawn at the height the list placed it at", async ({
  launchApp,
}) => {
  const { page } = await launchSeeded(launchApp, (db) => {
    seedConversations(db);
    const store = new ConversationStore(db);
    // Of a profile since deleted: its row shows that profile's label.
    const elsewhere = store.create({ ...DEFAULT_CHAT_SETTINGS, profileId: "deleted-profile" }, "Of a deleted profile");
    store.appendMessage({ conversationId: elsewhere.id, role: "user", content: "Beacon lit?", status: "complete" });
    const harbour = store.list().find((conversation) => conversation.title === "Harbour notes");
    // Dated now: a call of 1970 is past the ledger's keep period, and the start's upkeep would delete it.
    db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_kind,
         conversation_id) VALUES ('p', ?, 'POST', '/v1/chat/completions', 5, 1, 0.25, 'measured', ?)`,
    ).run(Date.now(), harbour?.id ?? "");
  });
  const list = page.getByRole("complementary", { name: "Conversations" });
  // Rows whose last part does not end where the row does: drawn taller or shorter than placed.
  const misfits = () =>
    list.evaluate((aside) =>
      [...aside.querySelectorAll("li")]
        .filter((row) => row.lastElementChild?.getBoundingClientRect().bottom !== row.getBoundingClientRect().bottom)
        .map((row) => row.textContent),
    );
  await expect(list.getByTestId("conversation-list-cost")).toHaveCount(1);
  await expect(list.getByTestId("conversation-list-profile")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toHaveCount(3);
  expect(await misfits()).toEqual([]);

  const search = page.getByRole("searchbox", { name: "Search conversations" });
  // A snippet of two lines, and one of a single line (a short reply).
  for (const query of ["harbour history", "Beacon"]) {
    await search.fill(query);
    await expect(list.getByTestId("conversation-list-snippet").first()).toContainText(query);
    expect(await misfits()).toEqual([]);
  }
});
