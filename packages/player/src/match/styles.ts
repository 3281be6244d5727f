/** The match player's stylesheet, adopted beside the player's own (`PLAYER_CSS`). */
import { PLAYER_CSS } from "../styles.js";

export const MATCH_CSS = `
.gpm-status { font-size: 14px; min-height: 1.4em; }
.gpm-seats { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; font-size: 13px; }
.gpm-seats label { display: inline-flex; gap: 6px; align-items: center; }
.gpm-seats select { font: inherit; color: inherit; background: rgba(127,127,127,0.22); border: 1px solid rgba(127,127,127,0.45); border-radius: 6px; padding: 4px 6px; }
.gpm-seats select:focus-visible { outline: 2px solid var(--gp-focus); outline-offset: 1px; }
.gpm-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid rgba(127,127,127,0.7); }
.gpm-table { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); align-content: start; gap: 10px 16px; flex: 1 1 auto; min-width: 0; overflow: auto; }
.gpm-zone.gpm-mine { grid-column: 1 / -1; }
.gpm-table:empty { display: none; }
.gpm-zone { display: flex; flex-direction: column; gap: 4px; }
.gpm-zone h2 { margin: 0; font-size: 13px; font-weight: 600; color: var(--gp-title); }
.gpm-cards { display: flex; flex-wrap: wrap; gap: 4px; min-height: 58px; }
.gpm-card {
  width: 40px; height: 56px; border-radius: 5px; display: inline-flex; align-items: center; justify-content: center;
  background: #fbfaf5; color: #1d1d1f; border: 1px solid #b9b4a6; font-size: 15px; font-weight: 600; padding: 0;
}
.gp button.gpm-card { background: #fbfaf5; color: #1d1d1f; min-height: 0; padding: 0; border: 2px solid var(--gp-primary); font-size: 15px; font-weight: 600; }
.gp button.gpm-card.gpm-picked { box-shadow: 0 0 0 3px var(--gp-focus); }
.gpm-card.gpm-down { background: repeating-linear-gradient(45deg, #35507a, #35507a 4px, #2b4266 4px, #2b4266 8px); border-color: #1c2c45; }
.gpm-stack .gpm-card + .gpm-card { margin-left: -34px; }
.gpm-hand:not(.gpm-mine) .gpm-card + .gpm-card { margin-left: -26px; }
.gpm-count { font-size: 12px; opacity: 0.8; font-weight: normal; }
.gpm-pass { position: absolute; inset: 0; z-index: 3; display: flex; align-items: center; justify-content: center; background: var(--gp-bg); border-radius: 8px; }
.gpm-pass[hidden] { display: none; }
.gpm-pass .gp-card { align-items: center; text-align: center; }
.gpm-moves { display: flex; flex-wrap: wrap; gap: 6px; }
`;

let shared: CSSStyleSheet[] | null = null;

/** Gives a shadow root the player's and the match player's styles; returns nodes to put first, if any. */
export function applyMatchStyles(root: ShadowRoot): Node[] {
  if (
    typeof CSSStyleSheet === "function" &&
    "adoptedStyleSheets" in root &&
    "replaceSync" in CSSStyleSheet.prototype
  ) {
    if (!shared) {
      const base = new CSSStyleSheet();
      base.replaceSync(PLAYER_CSS);
      const match = new CSSStyleSheet();
      match.replaceSync(MATCH_CSS);
      shared = [base, match];
    }
    root.adoptedStyleSheets = shared;
    return [];
  }
  const style = document.createElement("style");
  style.textContent = PLAYER_CSS + MATCH_CSS;
  return [style];
}
