import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { start, type GatewayConfigInput } from "./index.ts";

const USAGE = "usage: npm run gateway -- [--port N] [--data DIR] [--config FILE]";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    data: { type: "string", default: join(process.cwd(), ".gateway-data") },
    config: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer between 0 and 65535\n${USAGE}`);
  process.exit(2);
}

try {
  // Not checked here: start() validates the config and says what in it does not fit.
  const config = values.config ? (JSON.parse(readFileSync(values.config, "utf8")) as GatewayConfigInput) : {};
  const gateway = await start({ port, dataDir: values.data, config });
  if (gateway.demoKey) console.log(`demo key: ${gateway.demoKey}`);
  console.log(`gateway listening at ${gateway.url}`);
  const shutdown = () => {
    void gateway.close().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
