// Entry of the studio page. The validation worker starts first, so it prepares the validator while
// the studio's code loads; then the UI module mounts into #studio.
import { startCheckWorker } from "./check/check-worker-start.js";

const root = document.getElementById("studio");
if (root) {
  const checkWorker = startCheckWorker();
  void import("./ui/app.js").then(({ startStudio }) => startStudio(root, { checkWorker }));
}
