import { startServices } from "../services-fixture.ts";
import { recordingPage } from "../fake-page.ts";

/**
 * A separate process that starts the services on a data directory and asks for one reply, so a
 * test can kill it with SIGKILL mid-stream. Prints `conversation <id> <assistantMessageId>`.
 */
const [gatewayUrl, key, dataDir] = process.argv.slice(2) as [string, string, string];
const services = await startServices(gatewayUrl, key, dataDir);
const conversation = services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 150 });
const run = await services.chat.send(recordingPage().page, conversation.id, "Explain streaming at length", false);
console.log(`conversation ${conversation.id} ${run.assistantMessageId}`);
