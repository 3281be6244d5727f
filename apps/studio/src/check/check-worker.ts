/**
 * The studio's validation thread. The schema validator compiles JSON Schemas into functions, which the
 * studio page's Content-Security-Policy (no 'unsafe-eval') forbids; a worker runs under the policy
 * its own script is served with, and keeps a large pack's validation off the painter's thread.
 * @module
 */

import { prepareValidators } from "@gridponder/schema";
import type { CheckReply, CheckRequest } from "./check-protocol.js";
import { validatePackChecked } from "./validate-files.js";

// Compiled before the first pack arrives (the page starts this worker as it loads).
try {
  prepareValidators();
} catch {
  // The same failure shows again, as a diagnostic, when the first pack is checked.
}

addEventListener("message", (event: MessageEvent<CheckRequest>) => {
  const { id, files } = event.data;
  const reply: CheckReply = { id, ...validatePackChecked(files) };
  postMessage(reply);
});
