/** The player's stylesheet, scoped by its shadow root. Theme colours arrive as custom properties. */
export const PLAYER_CSS = `
:host { display: block; position: relative; outline: none; }
:host(:focus-visible) .gp { box-shadow: 0 0 0 3px var(--gp-focus), 0 0 0 5px var(--gp-bg); }
.gp {
  --gp-bg: #1e1e24; --gp-primary: #4f8cff; --gp-focus: #4f8cff; --gp-title: #ffffff; --gp-body: #e8e8ee; --gp-font: system-ui, sans-serif;
  position: relative; display: flex; flex-direction: column; gap: 8px; box-sizing: border-box;
  width: 100%; height: 100%; min-height: 320px; padding: 8px; border-radius: 8px;
  background: var(--gp-bg); color: var(--gp-body); font-family: var(--gp-font); font-size: 14px;
}
.gp *, .gp *::before, .gp *::after { box-sizing: border-box; }
.gp-top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
.gp-title { margin: 0; font-size: 17px; color: var(--gp-title); }
.gp-pack { opacity: 0.7; font-size: 13px; }
.gp-counter { margin-left: auto; font-variant-numeric: tabular-nums; }
.gp-main { position: relative; display: flex; flex: 1 1 auto; gap: 8px; min-height: 0; }
.gp-board { position: relative; flex: 1 1 auto; min-width: 0; min-height: 240px; overflow: hidden; border-radius: 6px; touch-action: none; }
.gp-board > canvas { display: block; }
.gp-hud { flex: 0 0 190px; display: flex; flex-direction: column; gap: 8px; overflow: auto; }
.gp-hud:empty { display: none; }
.gp-guide { margin: 0; font-size: 13px; opacity: 0.9; }
.gp-goals { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.gp-goal-text { display: block; font-size: 13px; }
.gp-goal.done .gp-goal-text::before { content: "\\2713  "; color: var(--gp-primary); }
.gp-bar { height: 6px; border-radius: 3px; background: rgba(127,127,127,0.35); overflow: hidden; }
.gp-bar > span { display: block; height: 100%; width: 0; background: var(--gp-primary); transition: width 0.2s; }
.gp-row { display: flex; align-items: center; gap: 6px; font-size: 13px; }
.gp-swatch { display: inline-block; width: 16px; height: 16px; border-radius: 3px; background-size: cover; flex: none; }
.gp-target { display: block; max-width: 100%; height: auto; font-family: var(--gp-font); }
.gp-swatch { overflow: hidden; white-space: nowrap; text-align: center; font-weight: bold; font-size: 10px; line-height: 16px; }
.gp-swatch.gp-emoji { font-size: 12px; font-weight: normal; }
.gp-round { border-radius: 50%; }
.gp-controls { display: flex; gap: 6px 12px; align-items: center; }
.gp-buttons { display: flex; flex-wrap: wrap; flex: 1 1 auto; gap: 6px; align-items: center; min-width: 0; }
.gp-controls .gp-sep { flex: 1 1 auto; }
.gp button {
  font: inherit; color: inherit; background: rgba(127,127,127,0.22); border: 1px solid rgba(127,127,127,0.45);
  border-radius: 6px; padding: 6px 10px; min-height: 34px; cursor: pointer;
}
.gp button:hover { background: rgba(127,127,127,0.35); }
.gp button:focus-visible { outline: 2px solid var(--gp-focus); outline-offset: 1px; }
.gp button:disabled { opacity: 0.45; cursor: default; }
.gp button.gp-primary { background: var(--gp-primary); border-color: var(--gp-primary); color: var(--gp-on-primary, #fff); }
.gp-dpad { display: none; grid-template-columns: repeat(3, 40px); grid-template-rows: repeat(3, 40px); gap: 2px; }
.gp-dpad button { padding: 0; min-height: 0; }
@media (pointer: coarse) { .gp-dpad { display: grid; } }
.gp-dpad.gp-dpad-diagonal { display: grid; }
.gp-dpad .gp-dpad-other { border-color: var(--gp-focus, currentColor); }
.gp-dialog {
  position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  background: rgba(0,0,0,0.55); border-radius: 8px; z-index: 2;
}
.gp-dialog[hidden] { display: none; }
.gp-card {
  max-width: min(460px, 92%); max-height: 90%; overflow: hidden; padding: 18px 20px; border-radius: 10px;
  background: var(--gp-bg); color: var(--gp-body); box-shadow: 0 8px 30px rgba(0,0,0,0.5);
  display: flex; flex-direction: column; gap: 10px; box-sizing: border-box;
}
.gp-card h2, .gp-actions { flex: none; }
.gp-card-body { flex: 1 1 auto; min-height: 0; overflow: auto; display: flex; flex-direction: column; gap: 10px; }
.gp-hud:focus-visible, .gp-card-body:focus-visible { outline: 2px solid var(--gp-focus); outline-offset: 2px; }
.gp-card h2 { margin: 0; font-size: 19px; color: var(--gp-title); }
.gp-card p { margin: 0; white-space: pre-line; line-height: 1.45; }
.gp-card img { max-width: 100%; border-radius: 6px; }
.gp-rows { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
.gp-rows dt { font-weight: 600; color: var(--gp-title); }
.gp-rows dd { margin: 0; }
.gp-board-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.gp-actions { display: flex; gap: 8px; justify-content: flex-end; flex-wrap: wrap; }
.gp-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.gp-error { padding: 12px; color: #ffb4b4; }
@media (max-width: 560px) {
  .gp { padding: 6px; gap: 6px; min-height: 0; }
  .gp-top { gap: 0 8px; }
  .gp-title { font-size: 15px; }
  .gp-main { flex-direction: column; gap: 6px; min-height: 140px; }
  .gp-board { min-height: 120px; }
  .gp-hud { flex: none; order: -1; max-height: 104px; font-size: 12px; gap: 4px; }
  .gp-target { width: auto; max-height: 60px; }
  .gp-guide { font-size: 12px; }
  .gp-controls { align-items: flex-end; gap: 6px 8px; }
  .gp-buttons { gap: 4px; }
  .gp button { min-height: 30px; padding: 3px 7px; font-size: 12.5px; }
  .gp-dpad { grid-template-columns: repeat(3, 32px); grid-template-rows: repeat(3, 32px); }
}
`;

let shared: CSSStyleSheet | null = null;

/**
 * Gives a shadow root the player's styles. A constructed stylesheet is used where the browser has them:
 * unlike a `<style>` element it is allowed by a Content-Security-Policy without `'unsafe-inline'`.
 * Returns the nodes to put first in the root (none when the sheet was adopted).
 */
export function applyStyles(root: ShadowRoot): Node[] {
  if (
    typeof CSSStyleSheet === "function" &&
    "adoptedStyleSheets" in root &&
    "replaceSync" in CSSStyleSheet.prototype
  ) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(PLAYER_CSS);
    }
    root.adoptedStyleSheets = [shared];
    return [];
  }
  const style = document.createElement("style");
  style.textContent = PLAYER_CSS;
  return [style];
}
