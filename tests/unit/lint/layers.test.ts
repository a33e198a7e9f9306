import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../e2e/support/electron-binary.ts";

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** The layer findings for `code` as if it were the file at `path`. */
async function layerFindings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${PROJECT_ROOT}/${path}` });
  return result!.messages
    .filter((message) => message.ruleId === "layers/allowed-imports")
    .map(({ message }) => message);
}

describe("the layer allow-list", () => {
  it.each([
    ["electron/local-gateway/planted.ts", 'export { migrate } from "../services/store/app-database.ts";'],
    ["electron/services/planted.ts", 'import { start } from "../local-gateway/index.ts";\nexport { start };'],
    [
      "electron/common/planted.ts",
      'import type { AppServices } from "../composition/app-services.ts";\nexport type X = AppServices;',
    ],
    ["electron/app/planted.ts", 'import { startWebHost } from "../web-host/web-host.ts";\nexport { startWebHost };'],
    [
      "renderer/src/planted.ts",
      'import { ChatService } from "../../electron/services/chat/chat-service.ts";\nexport { ChatService };',
    ],
    ["shared/planted.ts", 'import { api } from "../renderer/src/api/desktop-api.ts";\nexport { api };'],
  ])("refuses a planted crossing in %s", async (path, code) => {
    expect(await layerFindings(path, code)).toHaveLength(1);
  });

  it("allows what the layers allow", async () => {
    expect(
      await layerFindings(
        "electron/web-host/planted.ts",
        'import { startAppServices } from "../composition/app-services.ts";\nimport { migrate } from "../common/sqlite-migrations.ts";\nexport { startAppServices, migrate };',
      ),
    ).toEqual([]);
  });
});
